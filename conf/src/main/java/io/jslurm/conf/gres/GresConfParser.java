package io.jslurm.conf.gres;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.parse.ConfLine;
import io.jslurm.conf.parse.KeyValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Builds a {@link GresConfig} from gres.conf's lines. Each line stands alone: a line with
 * {@code AutoDetect} and no {@code Name} sets detection; any other line describes devices.
 */
public final class GresConfParser {

    private GresConfParser() {
    }

    public static GresConfig parse(List<ConfLine> lines, Diagnostics diagnostics) {
        List<GresAutoDetect> autoDetect = new ArrayList<>();
        List<GresDevice> devices = new ArrayList<>();
        for (ConfLine line : lines) {
            KeyValues values = KeyValues.of(GresConfKeys.KEYS, line.pairs(), Set.of(), diagnostics, line.location());
            Optional<Hostlist> nodes = values.isSet("NodeName")
                    ? Optional.of(values.parsed("NodeName", Hostlist::parse, Hostlist.empty()))
                    : Optional.empty();
            if (values.isSet("AutoDetect")) {
                autoDetect.add(new GresAutoDetect(nodes,
                        values.choice("AutoDetect", AutoDetect.class, AutoDetect.OFF), line.location()));
            }
            if (values.isSet("Name")) {
                devices.add(device(values, nodes, line));
            } else if (values.isSet("Type") || values.isSet("File") || values.isSet("Count")) {
                diagnostics.error(line.location(), "a gres.conf line describing devices needs Name= (e.g. Name=gpu)");
            }
        }
        return new GresConfig(autoDetect, devices);
    }

    private static GresDevice device(KeyValues values, Optional<Hostlist> nodes, ConfLine line) {
        List<String> files = values.isSet("File")
                ? values.parsed("File", value -> Hostlist.parse(value).hosts(), List.of())
                : List.of();
        long count = files.size();
        if (values.isSet("Count")) {
            count = values.parsed("Count", GresConfParser::parseCount, 0L);
            if (!files.isEmpty() && count != files.size()) {
                values.invalid("Count", values.string("Count"), "File= names " + files.size()
                        + " devices; Count must match it or be left out");
            }
        } else if (files.isEmpty()) {
            count = 1;
        }
        return new GresDevice(nodes, values.string("Name"), values.optional("Type"), files, count,
                values.optional("Cores"), values.list("Links"), values.choices("Flags", GresFlag.class),
                line.location());
    }

    /** A count with an optional K, M, G or T suffix (powers of 1024), as Slurm writes large counts. */
    static long parseCount(String text) {
        String upper = text.toUpperCase(java.util.Locale.ROOT);
        int shift = switch (upper.isEmpty() ? ' ' : upper.charAt(upper.length() - 1)) {
            case 'K' -> 10;
            case 'M' -> 20;
            case 'G' -> 30;
            case 'T' -> 40;
            default -> 0;
        };
        String digits = shift == 0 ? upper : upper.substring(0, upper.length() - 1);
        try {
            long value = Long.parseLong(digits);
            if (value >= 0) {
                return value << shift;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("expected a whole number, optionally with a K, M, G or T suffix");
    }
}
