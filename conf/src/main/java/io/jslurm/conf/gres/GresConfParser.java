package io.jslurm.conf.gres;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.common.text.CountSuffix;
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
            count = values.parsed("Count", text -> CountSuffix.parse(text, "count", text), 0L);
            if (!files.isEmpty() && count != files.size()) {
                values.invalid("Count", values.string("Count"), "File= names " + files.size()
                        + " devices; Count must match it or be left out");
            }
        } else if (files.isEmpty()) {
            count = 1;
        }
        return new GresDevice(nodes, values.string("Name"), values.optional("Type"), files, count,
                values.isSet("Cores") ? Optional.of(values.parsed("Cores", IdSet::parse, IdSet.empty())) : Optional.empty(),
                values.list("Links"), values.choices("Flags", GresFlag.class),
                line.location());
    }
}
