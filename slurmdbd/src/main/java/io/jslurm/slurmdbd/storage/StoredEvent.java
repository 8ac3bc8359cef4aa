package io.jslurm.slurmdbd.storage;

import java.util.OptionalLong;

/**
 * An event as event_table keeps it.
 *
 * @param end epoch seconds it ended, 0 while open
 * @param reasonUid who set the reason; empty when nobody did (the cluster's own events)
 */
public record StoredEvent(String cluster, String node, long start, long end, String state, String reason,
                          OptionalLong reasonUid, String tres) {
}
