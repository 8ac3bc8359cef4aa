package io.jslurm.cli.sacctmgr;

import java.time.ZoneId;
import java.util.function.LongFunction;

/**
 * What writing events needs beyond the events: the time zone, the present (for an open event's duration) and
 * user names for uids.
 */
record EventText(ZoneId zone, long now, LongFunction<String> users) {

    String userName(long uid) {
        return users.apply(uid);
    }
}
