package io.jslurm.common.hostlist;

import java.util.ArrayList;
import java.util.List;

/** Expands hostlist expressions; every error names the expression and what is wrong with it. */
final class HostlistParser {

    private HostlistParser() {
    }

    static List<String> expand(String expression) {
        List<String> hosts = new ArrayList<>();
        for (String token : splitTopLevel(expression)) {
            expandToken(expression, token, hosts);
        }
        return hosts;
    }

    /** Splits on commas and whitespace that are not inside brackets. */
    private static List<String> splitTopLevel(String expression) {
        List<String> tokens = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < expression.length(); i++) {
            char c = expression.charAt(i);
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
                if (depth < 0) {
                    throw invalid(expression, "']' without '['");
                }
            }
            if (depth == 0 && (c == ',' || Character.isWhitespace(c))) {
                addToken(tokens, current);
            } else {
                current.append(c);
            }
        }
        if (depth != 0) {
            throw invalid(expression, "'[' without ']'");
        }
        addToken(tokens, current);
        return tokens;
    }

    private static void addToken(List<String> tokens, StringBuilder current) {
        if (!current.isEmpty()) {
            tokens.add(current.toString());
            current.setLength(0);
        }
    }

    private static void expandToken(String expression, String token, List<String> out) {
        List<String> partial = List.of("");
        int i = 0;
        while (i < token.length()) {
            int open = token.indexOf('[', i);
            if (open < 0) {
                partial = append(partial, List.of(token.substring(i)));
                break;
            }
            if (open > i) {
                partial = append(partial, List.of(token.substring(i, open)));
            }
            int close = token.indexOf(']', open);
            if (token.indexOf('[', open + 1) >= 0 && token.indexOf('[', open + 1) < close) {
                throw invalid(expression, "nested '['");
            }
            partial = append(partial, expandBracket(expression, token.substring(open + 1, close)));
            if (partial.size() > Hostlist.MAX_HOSTS || out.size() + partial.size() > Hostlist.MAX_HOSTS) {
                throw invalid(expression, "more than " + Hostlist.MAX_HOSTS + " hosts");
            }
            i = close + 1;
        }
        out.addAll(partial);
    }

    private static List<String> append(List<String> prefixes, List<String> parts) {
        List<String> result = new ArrayList<>(prefixes.size() * parts.size());
        for (String prefix : prefixes) {
            for (String part : parts) {
                result.add(prefix + part);
            }
        }
        return result;
    }

    private static List<String> expandBracket(String expression, String body) {
        List<String> numbers = new ArrayList<>();
        for (String range : body.split(",", -1)) {
            int dash = range.indexOf('-');
            String lo = dash < 0 ? range : range.substring(0, dash);
            String hi = dash < 0 ? range : range.substring(dash + 1);
            if (!isNumber(lo) || !isNumber(hi)) {
                throw invalid(expression, "invalid range '" + range + "'");
            }
            long from = Long.parseLong(lo);
            long to = Long.parseLong(hi);
            if (to < from) {
                throw invalid(expression, "range '" + range + "' runs backwards");
            }
            if (to - from >= Hostlist.MAX_HOSTS) {
                throw invalid(expression, "more than " + Hostlist.MAX_HOSTS + " hosts");
            }
            for (long n = from; n <= to; n++) {
                numbers.add(HostName.pad(n, lo.length()));
            }
        }
        return numbers;
    }

    private static boolean isNumber(String text) {
        if (text.isEmpty() || text.length() > 18) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isDigit(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static HostlistException invalid(String expression, String why) {
        return new HostlistException("Invalid hostlist: " + expression + " (" + why + ")");
    }
}
