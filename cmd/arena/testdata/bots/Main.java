// A 7 Colors bot in Java, standard library only: it plays the first legal colour.
// TestEveryLanguagePlaysInTheSandbox compiles it (javac -d DIR Main.java) and runs it as
// `java -cp DIR Main` inside the sandbox.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class Main {
    static final Pattern TYPE = Pattern.compile("\"type\"\\s*:\\s*\"([^\"]*)\"");
    static final Pattern MATCH = Pattern.compile("\"match\"\\s*:\\s*\"([^\"]*)\"");
    static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");
    static final Pattern LEGAL = Pattern.compile("\"legal\"\\s*:\\s*\\[\\s*(-?\\d+)");

    // first is the first group of p in line, or null.
    static String first(Pattern p, String line) {
        Matcher m = p.matcher(line);
        return m.find() ? m.group(1) : null;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        String line;
        while ((line = in.readLine()) != null) {
            String type = first(TYPE, line);
            if ("ping".equals(type)) {
                out.print("{\"type\":\"pong\"}\n");
            } else if ("turn".equals(type)) {
                String match = first(MATCH, line), id = first(ID, line), legal = first(LEGAL, line);
                if (match == null || id == null || legal == null) {
                    System.err.println("a turn I cannot read: " + line);
                    continue;
                }
                out.print("{\"type\":\"action\",\"match\":\"" + match + "\",\"id\":" + id + ",\"action\":" + legal + "}\n");
            }
            out.flush();
        }
    }
}
