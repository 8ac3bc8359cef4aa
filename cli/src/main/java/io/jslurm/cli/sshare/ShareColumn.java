package io.jslurm.cli.sshare;

import io.jslurm.protocol.proto.ShareInfoRow;
import java.util.function.Function;

/** One sshare column: its title, width (negative: left-justified) and how a row prints in it. */
record ShareColumn(String title, int width, Function<ShareInfoRow, String> value) {

    static final ShareColumn ACCOUNT = new ShareColumn("Account", -20,
            r -> " ".repeat(r.getDepth()) + r.getAccount());
    static final ShareColumn USER = new ShareColumn("User", 10, ShareInfoRow::getUser);
    static final ShareColumn PARTITION = new ShareColumn("Partition", 12, ShareInfoRow::getPartition);
    static final ShareColumn RAW_SHARES = new ShareColumn("RawShares", 10,
            r -> r.getDepth() == 0 ? "" : Long.toUnsignedString(r.getRawShares()));
    static final ShareColumn NORM_SHARES = new ShareColumn("NormShares", 11, r -> number(r.getNormShares()));
    static final ShareColumn RAW_USAGE = new ShareColumn("RawUsage", 11,
            r -> Long.toString((long) r.getRawUsage()));
    static final ShareColumn NORM_USAGE = new ShareColumn("NormUsage", 11, r -> number(r.getNormUsage()));
    static final ShareColumn EFFECTV_USAGE = new ShareColumn("EffectvUsage", 13, r -> number(r.getEffectvUsage()));
    static final ShareColumn FAIRSHARE = new ShareColumn("FairShare", 10, r -> number(r.getFairshare()));
    static final ShareColumn LEVEL_FS = new ShareColumn("LevelFS", 10, r -> number(r.getLevelFs()));
    // Association TRES-minute limits and running TRES-minutes are not tracked: the columns stay empty.
    static final ShareColumn GRP_TRES_MINS = new ShareColumn("GrpTRESMins", 30, r -> "");
    static final ShareColumn TRES_RUN_MINS = new ShareColumn("TRESRunMins", 30, r -> "");

    /** Six decimals like C's %f; "inf" for no usage; empty where the value does not apply. */
    static String number(double value) {
        if (Double.isNaN(value)) {
            return "";
        }
        if (Double.isInfinite(value)) {
            return "inf";
        }
        return String.format("%f", value);
    }
}
