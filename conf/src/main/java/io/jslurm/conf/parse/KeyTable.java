package io.jslurm.conf.parse;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Case-insensitive lookup of the keys allowed in one kind of line, with spelling suggestions. */
public final class KeyTable {

    private final Map<String, KeySpec> byName = new LinkedHashMap<>();
    /**
     * The same keys as spelled in the table: code asks for them by that spelling hundreds of times per file,
     * and lower-casing each of those lookups was a fifth of reading slurm.conf in a command's cold JVM.
     */
    private final Map<String, KeySpec> bySpelling = new HashMap<>();
    private final List<KeySpec> specs;

    public KeyTable(Collection<KeySpec> specs) {
        this.specs = List.copyOf(specs);
        for (KeySpec spec : this.specs) {
            register(spec.name(), spec);
            spec.aliases().forEach(alias -> register(alias, spec));
        }
    }

    private void register(String name, KeySpec spec) {
        if (byName.put(name.toLowerCase(Locale.ROOT), spec) != null) {
            throw new IllegalArgumentException("key listed twice: " + name);
        }
        bySpelling.put(name, spec);
    }

    public Optional<KeySpec> find(String key) {
        KeySpec spelled = bySpelling.get(key);
        return Optional.ofNullable(spelled != null ? spelled : byName.get(key.toLowerCase(Locale.ROOT)));
    }

    public KeySpec get(String key) {
        return find(key).orElseThrow(() -> new IllegalArgumentException("no such key in table: " + key));
    }

    public List<KeySpec> specs() {
        return specs;
    }

    /** The closest known spelling, when it is close enough to be a likely typo. */
    public Optional<String> suggest(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        List<String> names = new ArrayList<>();
        for (KeySpec spec : specs) {
            names.add(spec.name());
            names.addAll(spec.aliases());
        }
        for (String name : names) {
            int distance = EditDistance.between(lower, name.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                bestDistance = distance;
                best = name;
            }
        }
        int allowed = Math.max(2, key.length() / 3);
        return bestDistance <= allowed ? Optional.ofNullable(best) : Optional.empty();
    }

    /** {@code " (did you mean 'X'?)"} or nothing. */
    public String suggestion(String key) {
        return suggest(key).map(name -> "; did you mean '" + name + "'?").orElse("");
    }
}
