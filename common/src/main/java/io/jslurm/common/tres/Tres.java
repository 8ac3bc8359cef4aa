package io.jslurm.common.tres;

import io.jslurm.common.text.CountSuffix;
import io.jslurm.common.text.InvalidValueException;
import io.jslurm.common.units.MemorySize;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A set of trackable resource amounts, {@code cpu=4,mem=16G,node=1,billing=4,gres/gpu=2,gres/gpu:a100=2}, as
 * {@code scontrol}, {@code sacct} and {@code sacctmgr} limits write them. Memory ({@code mem}, {@code vmem}) is
 * held in mebibytes and written with a unit; other amounts are plain counts (K, M, G suffixes accepted).
 * Printing follows {@link TresName#ORDER} and leaves out nothing that was set, zeros included.
 */
public final class Tres {

    private static final Tres EMPTY = new Tres(new TreeMap<>(TresName.ORDER));
    private static final String KIND = "TRES";
    private static final String ALLOWED = "expected NAME=COUNT pairs separated by commas, NAME being cpu, mem, "
            + "energy, node, billing, fs/disk, vmem, pages or gres/, license/, bb/, fs/, ic/ followed by a name";

    private final SortedMap<String, Long> amounts;

    private Tres(SortedMap<String, Long> amounts) {
        this.amounts = amounts;
    }

    public static Tres empty() {
        return EMPTY;
    }

    public static Tres parse(String text) {
        Objects.requireNonNull(text, "TRES is null");
        String spec = text.strip();
        SortedMap<String, Long> amounts = new TreeMap<>(TresName.ORDER);
        if (spec.isEmpty() || spec.equals("(null)")) {
            return EMPTY;
        }
        for (String item : spec.split(",", -1)) {
            int equals = item.indexOf('=');
            if (equals <= 0) {
                throw new InvalidValueException(KIND, text, "'" + item + "' is not NAME=COUNT; " + ALLOWED);
            }
            String name = item.substring(0, equals);
            String value = item.substring(equals + 1);
            if (!TresName.isValid(name)) {
                throw new InvalidValueException(KIND, text, "unknown TRES '" + name + "'; " + ALLOWED);
            }
            long amount = TresName.isMemory(name) ? memory(value, text, name) : CountSuffix.parse(value, KIND, text);
            if (amounts.put(name, amount) != null) {
                throw new InvalidValueException(KIND, text, "'" + name + "' is given twice");
            }
        }
        return new Tres(amounts);
    }

    private static long memory(String value, String text, String name) {
        try {
            return MemorySize.parse(value).mebibytes();
        } catch (InvalidValueException e) {
            throw new InvalidValueException(KIND, text, "invalid " + name + " size '" + value + "'");
        }
    }

    public static Tres of(Map<String, Long> amounts) {
        SortedMap<String, Long> sorted = new TreeMap<>(TresName.ORDER);
        amounts.forEach((name, amount) -> {
            if (!TresName.isValid(name)) {
                throw new IllegalArgumentException("unknown TRES name: " + name);
            }
            if (amount < 0) {
                throw new IllegalArgumentException("negative amount of " + name + ": " + amount);
            }
            sorted.put(name, amount);
        });
        return new Tres(sorted);
    }

    public Tres with(String name, long amount) {
        SortedMap<String, Long> copy = new TreeMap<>(amounts);
        copy.put(name, amount);
        return of(copy);
    }

    public Tres withMemory(MemorySize memory) {
        return with(TresName.MEM, memory.mebibytes());
    }

    /** The amount of {@code name}, zero when it is not set. */
    public long get(String name) {
        return amounts.getOrDefault(name, 0L);
    }

    public boolean has(String name) {
        return amounts.containsKey(name);
    }

    public MemorySize memory() {
        return MemorySize.ofMebibytes(get(TresName.MEM));
    }

    /** Every set amount, in print order. */
    public Map<String, Long> amounts() {
        return Collections.unmodifiableSortedMap(amounts);
    }

    public boolean isEmpty() {
        return amounts.isEmpty();
    }

    public Tres plus(Tres other) {
        SortedMap<String, Long> sum = new TreeMap<>(amounts);
        other.amounts.forEach((name, amount) -> sum.merge(name, amount, Math::addExact));
        return new Tres(sum);
    }

    /** Fails when any amount would go below zero, since that means a release of more than was allocated. */
    public Tres minus(Tres other) {
        SortedMap<String, Long> difference = new TreeMap<>(amounts);
        other.amounts.forEach((name, amount) -> {
            long left = get(name) - amount;
            if (left < 0) {
                throw new IllegalArgumentException("cannot take " + name + "=" + amount + " from " + this);
            }
            difference.put(name, left);
        });
        return new Tres(difference);
    }

    public Tres times(long factor) {
        SortedMap<String, Long> product = new TreeMap<>(TresName.ORDER);
        amounts.forEach((name, amount) -> product.put(name, Math.multiplyExact(amount, factor)));
        return new Tres(product);
    }

    /** The names whose amount here is above {@code limit}'s; names the limit does not set are unlimited. */
    public List<String> exceeding(Tres limit) {
        List<String> over = new ArrayList<>();
        amounts.forEach((name, amount) -> {
            if (limit.has(name) && amount > limit.get(name)) {
                over.add(name);
            }
        });
        return over;
    }

    /** Whether every amount is within {@code limit} (names the limit leaves out are not limited). */
    public boolean fitsWithin(Tres limit) {
        return exceeding(limit).isEmpty();
    }

    /** {@code cpu=4,mem=16G,node=1,billing=4,gres/gpu=2}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        amounts.forEach((name, amount) -> out.append(out.isEmpty() ? "" : ",").append(name).append('=')
                .append(TresName.isMemory(name) ? MemorySize.ofMebibytes(amount).toString() : Long.toString(amount)));
        return out.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Tres that && amounts.equals(that.amounts);
    }

    @Override
    public int hashCode() {
        return amounts.hashCode();
    }
}
