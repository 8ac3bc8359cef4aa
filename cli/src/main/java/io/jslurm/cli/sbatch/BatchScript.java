package io.jslurm.cli.sbatch;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A batch script and the {@code #SBATCH} options it carries. As in Slurm, directives are read from the
 * top of the script until the first line that is neither blank nor a comment; options on one directive
 * line are split like shell words (quotes group, a {@code #} after whitespace starts a comment), and the
 * value of a directive is taken literally: no variable is expanded.
 */
public final class BatchScript {

    private static final String DIRECTIVE = "#SBATCH";

    private final String text;
    private final List<Directive> directives;

    /** One option word from a directive line, with the line it came from for error messages. */
    public record Directive(int line, String argument) {
        public Directive {
            Objects.requireNonNull(argument, "argument is null");
        }
    }

    private BatchScript(String text, List<Directive> directives) {
        this.text = text;
        this.directives = directives;
    }

    /** Checks that the text is a usable script and collects its directives. */
    public static BatchScript parse(String text) {
        Objects.requireNonNull(text, "text is null");
        if (text.isEmpty()) {
            throw new BatchScriptException("Batch script is empty!");
        }
        // Slurm's order of checks and its line breaks, so that the messages read the same.
        if (!text.startsWith("#!")) {
            throw new BatchScriptException("This does not look like a batch script.  The first\n"
                    + "line must start with #! followed by the path to an interpreter.\n"
                    + "For instance: #!/bin/sh");
        }
        if (text.contains("\r\n")) {
            throw new BatchScriptException("Batch script contains DOS line breaks (\\r\\n)\n"
                    + "instead of expected UNIX line breaks (\\n).");
        }
        if (text.indexOf('\0') >= 0) {
            throw new BatchScriptException("The Slurm controller does not allow scripts that\n"
                    + "contain a NULL character '\\0'.");
        }
        return new BatchScript(text, readDirectives(text));
    }

    /** A script that runs one command line through /bin/sh, as {@code sbatch --wrap} builds it. */
    public static BatchScript wrap(String command) {
        return parse("#!/bin/sh\n# This script was created by sbatch --wrap.\n\n" + command + "\n");
    }

    public String text() {
        return text;
    }

    public List<Directive> directives() {
        return directives;
    }

    /** The directive words in order, as they would appear on a command line. */
    public List<String> arguments() {
        return directives.stream().map(Directive::argument).toList();
    }

    private static List<Directive> readDirectives(String text) {
        List<Directive> directives = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            if (!line.startsWith("#")) {
                break;
            }
            if (line.startsWith(DIRECTIVE) && (line.length() == DIRECTIVE.length()
                    || Character.isWhitespace(line.charAt(DIRECTIVE.length())))) {
                for (String word : DirectiveWords.split(line.substring(DIRECTIVE.length()), i + 1)) {
                    directives.add(new Directive(i + 1, word));
                }
            }
        }
        return List.copyOf(directives);
    }
}
