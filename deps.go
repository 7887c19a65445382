//go:build tools

// Package main pins the modules the arena is built on until code imports them all.
package main

import (
	_ "github.com/charmbracelet/bubbles/list"
	_ "github.com/charmbracelet/wish"
	_ "github.com/charmbracelet/wish/bubbletea"
	_ "github.com/charmbracelet/wish/logging"
	_ "github.com/charmbracelet/wish/recover"
	_ "golang.org/x/crypto/ssh"
	_ "modernc.org/sqlite"
)
