package botproto

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// ErrLineTooLong is returned by LineReader.Next for a line beyond its limit. The line has
// been skipped to its end: the next call reads the line after it.
var ErrLineTooLong = errors.New("line too long") // lang:keep a sentinel; the reader says it to the program

// LineReader reads newline-terminated lines of bounded length without ever holding more
// than the limit in memory, whatever the sender does.
type LineReader struct {
	br  *bufio.Reader
	max int
	err error // sticky read error, returned once the pending line is out
}

// NewLineReader reads lines of at most max bytes (newline excluded) from r.
func NewLineReader(r io.Reader, max int) *LineReader {
	return &LineReader{br: bufio.NewReaderSize(r, max+1), max: max}
}

// Next returns the next line without its "\n" (nor a "\r" before it). The slice is only
// valid until the next call. A last line without a newline is returned before io.EOF. An
// overlong line gives ErrLineTooLong once; reading goes on after it.
func (lr *LineReader) Next() ([]byte, error) {
	if lr.err != nil {
		return nil, lr.err
	}
	line, err := lr.br.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		// Skip to the end of the overlong line, holding nothing of it.
		for errors.Is(err, bufio.ErrBufferFull) {
			_, err = lr.br.ReadSlice('\n')
		}
		if err != nil {
			lr.err = err
		}
		return nil, ErrLineTooLong
	}
	if err != nil {
		lr.err = err
		if len(line) == 0 {
			return nil, err
		}
	}
	line = bytes.TrimSuffix(line, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	if len(line) > lr.max { // the buffer holds max+1 bytes: a full one without "\n" at EOF
		return nil, ErrLineTooLong
	}
	return line, nil
}
