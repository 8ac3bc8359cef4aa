package io.jslurm.common.hostlist;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * An ordered list of host names with Slurm's compact range syntax ({@code gpu-node[01-08,10]}).
 *
 * <p>Order and duplicates are kept as given, as Slurm's {@code scontrol show hostlist} does; {@link #sorted()}
 * gives the ordering Slurm uses for node sets. Parsing accepts several bracket groups in one name
 * ({@code rack[1-2]-n[001-004]}, expanded with the first group outermost) and literal text after the
 * last group, which Slurm 22.05 rejects but later versions accept.
 */
public final class Hostlist {

    /** Guards against a tiny expression expanding into an unbounded list. */
    public static final int MAX_HOSTS = 1 << 20;

    private static final Hostlist EMPTY = new Hostlist(List.of());

    private final List<String> hosts;

    private Hostlist(List<String> hosts) {
        this.hosts = hosts;
    }

    public static Hostlist empty() {
        return EMPTY;
    }

    /** Parses a hostlist expression: names and ranged names separated by commas or whitespace. */
    public static Hostlist parse(String expression) {
        Objects.requireNonNull(expression, "expression is null");
        return new Hostlist(List.copyOf(HostlistParser.expand(expression)));
    }

    public static Hostlist of(Collection<String> hosts) {
        for (String host : hosts) {
            if (host == null || host.isBlank()) {
                throw new HostlistException("host name is empty");
            }
        }
        return new Hostlist(List.copyOf(hosts));
    }

    public List<String> hosts() {
        return hosts;
    }

    public int size() {
        return hosts.size();
    }

    public boolean isEmpty() {
        return hosts.isEmpty();
    }

    public boolean contains(String host) {
        return hosts.contains(host);
    }

    /** Slurm's node ordering: by prefix, then by number (names with compatible widths), then by width. */
    public Hostlist sorted() {
        List<HostName> names = new ArrayList<>(hosts.size());
        for (String host : hosts) {
            names.add(HostName.of(host));
        }
        names.sort(HostName.ORDER);
        return new Hostlist(names.stream().map(HostName::toString).toList());
    }

    /** Sorted, with each name once. */
    public Hostlist sortedUnique() {
        List<String> unique = new ArrayList<>();
        String last = null;
        for (String host : sorted().hosts) {
            if (!host.equals(last)) {
                unique.add(host);
            }
            last = host;
        }
        return new Hostlist(List.copyOf(unique));
    }

    /** The compact form, e.g. {@code gpu-node[01-04,07]}. */
    public String ranged() {
        return HostlistFormatter.format(hosts);
    }

    @Override
    public String toString() {
        return ranged();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Hostlist that && hosts.equals(that.hosts);
    }

    @Override
    public int hashCode() {
        return hosts.hashCode();
    }

    static Comparator<String> nodeOrder() {
        return Comparator.comparing(HostName::of, HostName.ORDER);
    }
}
