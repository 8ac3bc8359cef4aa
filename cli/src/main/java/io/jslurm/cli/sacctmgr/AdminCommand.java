package io.jslurm.cli.sacctmgr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One sacctmgr command line after the options: {@code VERB ENTITY [names] [where k=v...] [set k=v...] [format=...]}.
 * For {@code add}, options name the new entity's settings; otherwise options before {@code set} select.
 */
record AdminCommand(String verb, String entity, List<String> names, Map<String, String> where,
                    Map<String, String> set, Optional<String> format) {

    static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    static AdminCommand parse(List<String> words) throws Refused {
        if (words.size() < 2) {
            throw new Refused("No command given");
        }
        String verb = switch (words.get(0).toLowerCase(Locale.ROOT)) {
            case "add", "create" -> "add";
            case "modify", "update" -> "modify";
            case "delete", "remove" -> "delete";
            case "show", "list" -> "list";
            default -> throw new Refused("Invalid keyword: " + words.get(0));
        };
        String entity = switch (words.get(1).toLowerCase(Locale.ROOT)) {
            case "cluster", "clusters" -> "cluster";
            case "account", "accounts" -> "account";
            case "user", "users" -> "user";
            case "qos" -> "qos";
            case "association", "associations", "assoc" -> "association";
            default -> throw new Refused("Unknown entity: " + words.get(1));
        };
        List<String> names = new ArrayList<>();
        Map<String, String> where = new LinkedHashMap<>();
        Map<String, String> set = new LinkedHashMap<>();
        Optional<String> format = Optional.empty();
        boolean setting = verb.equals("add");
        for (String word : words.subList(2, words.size())) {
            String lower = word.toLowerCase(Locale.ROOT);
            if (lower.equals("where")) {
                setting = false;
                continue;
            }
            if (lower.equals("set")) {
                setting = true;
                continue;
            }
            int equals = word.indexOf('=');
            if (equals < 0) {
                if (!lower.equals("withassoc") && !lower.equals("withdeleted")) {
                    names.addAll(List.of(word.split(",")));
                }
                continue;
            }
            String key = canonical(word.substring(0, equals).toLowerCase(Locale.ROOT));
            String value = word.substring(equals + 1);
            if (key.equals("format")) {
                format = Optional.of(value);
            } else if (key.equals("name") && !setting) {
                names.addAll(List.of(value.split(",")));
            } else if (setting) {
                set.put(key, value);
            } else {
                where.put(key, value);
            }
        }
        if (verb.equals("modify") && set.isEmpty()) {
            throw new Refused("You didn't give me anything to set");
        }
        if ((verb.equals("add") || verb.equals("delete") || verb.equals("modify")) && names.isEmpty()
                && !entity.equals("association")) {
            throw new Refused("You need to specify a name");
        }
        return new AdminCommand(verb, entity, names, where, set, format);
    }

    /** The same command for {@code others} instead of its names. */
    AdminCommand withNames(List<String> others) {
        return new AdminCommand(verb, entity, List.copyOf(others), where, set, format);
    }

    /** Plural entity names read as singular ("accounts" is "account"); a few other spellings. */
    private static String canonical(String key) {
        return switch (key) {
            case "acct", "accounts" -> "account";
            case "users" -> "user";
            case "clusters" -> "cluster";
            case "names" -> "name";
            case "partitions" -> "partition";
            case "defaultacct" -> "defaultaccount";
            case "qoslevel" -> "qos";
            default -> key;
        };
    }
}
