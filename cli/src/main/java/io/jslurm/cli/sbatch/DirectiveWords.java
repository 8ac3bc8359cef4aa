package io.jslurm.cli.sbatch;

import java.util.ArrayList;
import java.util.List;

/** Splits the rest of an {@code #SBATCH} line into words: quotes group, an unquoted {@code #} ends it. */
final class DirectiveWords {

    private DirectiveWords() {
    }

    static List<String> split(String rest, int lineNumber) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < rest.length(); i++) {
            char c = rest.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else if (c == '#' && !inWord) {
                break;
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new BatchScriptException("line " + lineNumber + ": unterminated quote in #SBATCH directive");
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
