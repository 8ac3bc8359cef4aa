package io.jslurm.protocol.auth;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.HashSet;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Remembers every accepted credential until it expires, so each can be used once. Bounded: when
 * full, the entry closest to expiry is dropped and nothing expiring at or before it is accepted
 * any more, so a dropped entry can never be replayed (the window narrows instead of leaking).
 */
final class ReplayCache {
    enum Verdict { FIRST_USE, REPLAYED, OUTSIDE_WINDOW }

    private record Entry(long expiresAtMs, Signature key) {
    }

    /**
     * A 32-byte signature as four longs: one object per remembered credential instead of a buffer around a copied
     * array (the cache holds up to hundreds of thousands, and the controller checks one per request).
     */
    private record Signature(long a, long b, long c, long d) {
        static Signature of(byte[] bytes) {
            if (bytes.length != SlurmAuth.SIGNATURE_LENGTH) {
                throw new IllegalArgumentException("signature of " + bytes.length + " bytes, expected "
                        + SlurmAuth.SIGNATURE_LENGTH);
            }
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            return new Signature(buffer.getLong(), buffer.getLong(), buffer.getLong(), buffer.getLong());
        }
    }

    private final int capacity;
    private final PriorityQueue<Entry> byExpiry =
            new PriorityQueue<>((a, b) -> Long.compare(a.expiresAtMs, b.expiresAtMs));
    private final Set<Signature> seen = new HashSet<>();
    private long floorMs = Long.MIN_VALUE;

    ReplayCache(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        this.capacity = capacity;
    }

    /** @param signature the credential's 32-byte signature (only read here) */
    synchronized Verdict record(byte[] signature, Instant expiresAt, Instant now) {
        long nowMs = now.toEpochMilli();
        while (!byExpiry.isEmpty() && byExpiry.peek().expiresAtMs < nowMs) {
            seen.remove(byExpiry.poll().key);
        }
        long expiresMs = expiresAt.toEpochMilli();
        if (expiresMs <= floorMs) {
            return Verdict.OUTSIDE_WINDOW;
        }
        Signature key = Signature.of(signature);
        if (seen.contains(key)) {
            return Verdict.REPLAYED;
        }
        if (seen.size() >= capacity) {
            Entry dropped = byExpiry.poll();
            seen.remove(dropped.key);
            floorMs = Math.max(floorMs, dropped.expiresAtMs);
            if (expiresMs <= floorMs) {
                return Verdict.OUTSIDE_WINDOW;
            }
        }
        seen.add(key);
        byExpiry.add(new Entry(expiresMs, key));
        return Verdict.FIRST_USE;
    }

    synchronized int size() {
        return seen.size();
    }
}
