package io.jslurm.common.gres;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.common.text.CountSuffix;
import java.util.Objects;
import java.util.Optional;

/**
 * One generic resource entry: a name ({@code gpu}, {@code shard}), an optional type ({@code a100}) and a count,
 * with what a node's {@code Gres=} and Slurm's reports may add: {@code no_consume}, the sockets the devices sit
 * near ({@code (S:0-1)}) and the device indices allocated to a job ({@code (IDX:0-3)}).
 */
public record Gres(String name, Optional<String> type, long count, boolean noConsume, Optional<IdSet> sockets,
        Optional<IdSet> indices) {

    public Gres {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(type, "type is null");
        Objects.requireNonNull(sockets, "sockets is null");
        Objects.requireNonNull(indices, "indices is null");
        if (!GresSpec.isWord(name)) {
            throw new IllegalArgumentException("invalid GRES name: '" + name + "'");
        }
        type.ifPresent(t -> {
            if (!GresSpec.isWord(t)) {
                throw new IllegalArgumentException("invalid GRES type: '" + t + "'");
            }
        });
        if (count < 0) {
            throw new IllegalArgumentException("GRES count is negative: " + count);
        }
    }

    public static Gres of(String name, long count) {
        return new Gres(name, Optional.empty(), count, false, Optional.empty(), Optional.empty());
    }

    public static Gres of(String name, String type, long count) {
        return new Gres(name, Optional.of(type), count, false, Optional.empty(), Optional.empty());
    }

    public Gres withCount(long newCount) {
        return new Gres(name, type, newCount, noConsume, sockets, indices);
    }

    /** The TRES name this entry counts toward: {@code gres/gpu} or {@code gres/gpu:a100}. */
    public String tresName() {
        return "gres/" + name + type.map(t -> ":" + t).orElse("");
    }

    /** Whether this entry matches a request for {@code requestName} of {@code requestType} (any type if empty). */
    public boolean satisfies(String requestName, Optional<String> requestType) {
        return name.equals(requestName) && (requestType.isEmpty() || requestType.equals(type));
    }

    /** {@code gpu:a100:4(S:0-1)}: name, type, {@code no_consume}, count, then socket or index detail. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(name);
        type.ifPresent(t -> out.append(':').append(t));
        if (noConsume) {
            out.append(":no_consume");
        }
        out.append(':').append(CountSuffix.format(count));
        sockets.ifPresent(s -> out.append("(S:").append(s).append(')'));
        indices.ifPresent(i -> out.append("(IDX:").append(i).append(')'));
        return out.toString();
    }
}
