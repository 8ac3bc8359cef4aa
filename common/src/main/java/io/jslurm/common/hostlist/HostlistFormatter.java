package io.jslurm.common.hostlist;

import java.util.ArrayList;
import java.util.List;

/** Writes hosts in compact form, merging runs of consecutive numbers as Slurm does, order kept. */
final class HostlistFormatter {

    private HostlistFormatter() {
    }

    /** A run of consecutive numbers under one prefix, each padded to the width of the first. */
    private record Run(String prefix, long lo, long hi, int width) {

        boolean accepts(HostName host) {
            int hiDigits = HostName.digits(hi);
            return host.hasNumber() && host.prefix().equals(prefix) && host.number() == hi + 1
                    && HostName.widthsCompatible(Math.max(width, hiDigits), hiDigits >= width,
                            host.width(), host.natural());
        }

        String numbers() {
            String from = HostName.pad(lo, width);
            return lo == hi ? from : from + "-" + HostName.pad(hi, width);
        }
    }

    static String format(List<String> hosts) {
        List<Object> items = new ArrayList<>();
        for (String host : hosts) {
            HostName name = HostName.of(host);
            Object last = items.isEmpty() ? null : items.get(items.size() - 1);
            if (last instanceof Run run && run.accepts(name)) {
                items.set(items.size() - 1, new Run(run.prefix, run.lo, name.number(), run.width));
            } else if (name.hasNumber()) {
                items.add(new Run(name.prefix(), name.number(), name.number(), name.width()));
            } else {
                items.add(host);
            }
        }
        return join(items);
    }

    /** Neighbouring runs under the same prefix share one bracket: {@code n[1-3,5]}. */
    private static String join(List<Object> items) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < items.size()) {
            if (!out.isEmpty()) {
                out.append(',');
            }
            if (!(items.get(i) instanceof Run first)) {
                out.append(items.get(i++));
                continue;
            }
            int end = i + 1;
            while (end < items.size() && items.get(end) instanceof Run next && next.prefix.equals(first.prefix)) {
                end++;
            }
            if (end - i == 1 && first.lo == first.hi) {
                out.append(first.prefix).append(first.numbers());
            } else {
                out.append(first.prefix).append('[');
                for (int k = i; k < end; k++) {
                    out.append(k > i ? "," : "").append(((Run) items.get(k)).numbers());
                }
                out.append(']');
            }
            i = end;
        }
        return out.toString();
    }
}
