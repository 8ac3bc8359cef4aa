package io.jslurm.cli.sacct;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** One item of a {@code format=} list as sacct and sacctmgr take it: {@code name} or {@code name%width}. */
public record FormatItem(String name, OptionalInt width) {

    /** @throws IllegalArgumentException for a width that is not a number */
    public static List<FormatItem> parseList(String format) {
        List<FormatItem> items = new ArrayList<>();
        for (String item : format.split(",")) {
            String spec = item.strip();
            if (spec.isEmpty()) {
                continue;
            }
            int percent = spec.indexOf('%');
            if (percent < 0) {
                items.add(new FormatItem(spec, OptionalInt.empty()));
                continue;
            }
            try {
                items.add(new FormatItem(spec.substring(0, percent), OptionalInt.of(Integer.parseInt(spec.substring(percent + 1)))));
            } catch (NumberFormatException notNumber) {
                throw new IllegalArgumentException("Invalid field width: \"" + spec + "\"");
            }
        }
        return items;
    }
}
