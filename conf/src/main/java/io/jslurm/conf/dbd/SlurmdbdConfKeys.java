package io.jslurm.conf.dbd;

import static io.jslurm.conf.parse.Daemon.SLURMDBD;
import static io.jslurm.conf.parse.KeySpec.known;
import static io.jslurm.conf.parse.KeySpec.used;
import static io.jslurm.conf.parse.ValueType.BOOLEAN;
import static io.jslurm.conf.parse.ValueType.CHOICE;
import static io.jslurm.conf.parse.ValueType.HOST;
import static io.jslurm.conf.parse.ValueType.LIST;
import static io.jslurm.conf.parse.ValueType.OPTIONS;
import static io.jslurm.conf.parse.ValueType.PATH;
import static io.jslurm.conf.parse.ValueType.PLUGIN;
import static io.jslurm.conf.parse.ValueType.PORT;
import static io.jslurm.conf.parse.ValueType.SECONDS;
import static io.jslurm.conf.parse.ValueType.STRING;
import static io.jslurm.conf.parse.ValueType.TIME;

import io.jslurm.conf.parse.KeyTable;
import java.util.List;

/** Every key of slurmdbd.conf in Slurm 22.05, with Slurm's defaults. */
public final class SlurmdbdConfKeys {

    private SlurmdbdConfKeys() {
    }

    public static final KeyTable KEYS = new KeyTable(List.of(
            known("ArchiveDir", PATH, "/tmp", SLURMDBD),
            known("ArchiveEvents", BOOLEAN, "NO", SLURMDBD),
            known("ArchiveJobs", BOOLEAN, "NO", SLURMDBD),
            known("ArchiveResvs", BOOLEAN, "NO", SLURMDBD),
            known("ArchiveScript", PATH, "", SLURMDBD),
            known("ArchiveSteps", BOOLEAN, "NO", SLURMDBD),
            known("ArchiveSuspend", BOOLEAN, "NO", SLURMDBD),
            known("ArchiveTXN", BOOLEAN, "NO", SLURMDBD),
            known("ArchiveUsage", BOOLEAN, "NO", SLURMDBD),
            known("AuthAltTypes", LIST, "", SLURMDBD),
            known("AuthAltParameters", OPTIONS, "", SLURMDBD),
            known("AuthInfo", OPTIONS, "", SLURMDBD),
            used("AuthType", CHOICE, "auth/munge", SLURMDBD),
            known("CommitDelay", SECONDS, "0", SLURMDBD),
            known("CommunicationParameters", OPTIONS, "", SLURMDBD),
            used("DbdAddr", STRING, "", SLURMDBD),
            used("DbdBackupHost", HOST, "", SLURMDBD),
            used("DbdHost", HOST, "", SLURMDBD),
            used("DbdPort", PORT, "6819", SLURMDBD),
            known("DebugFlags", LIST, "", SLURMDBD),
            used("DebugLevel", CHOICE, "info", SLURMDBD),
            known("DebugLevelSyslog", CHOICE, "", SLURMDBD),
            known("DefaultQOS", STRING, "", SLURMDBD),
            used("LogFile", PATH, "", SLURMDBD),
            known("LogTimeFormat", CHOICE, "iso8601_ms", SLURMDBD),
            known("MaxQueryTimeRange", TIME, "", SLURMDBD),
            used("MessageTimeout", SECONDS, "10", SLURMDBD),
            known("Parameters", OPTIONS, "", SLURMDBD),
            used("PidFile", PATH, "/var/run/slurmdbd.pid", SLURMDBD),
            known("PluginDir", PATH, "/usr/local/lib/slurm", SLURMDBD),
            known("PrivateData", LIST, "", SLURMDBD),
            used("PurgeEventAfter", STRING, "", SLURMDBD),
            used("PurgeJobAfter", STRING, "", SLURMDBD),
            used("PurgeResvAfter", STRING, "", SLURMDBD),
            used("PurgeStepAfter", STRING, "", SLURMDBD),
            used("PurgeSuspendAfter", STRING, "", SLURMDBD),
            used("PurgeTXNAfter", STRING, "", SLURMDBD),
            used("PurgeUsageAfter", STRING, "", SLURMDBD),
            used("SlurmUser", STRING, "root", SLURMDBD),
            known("StorageBackupHost", HOST, "", SLURMDBD),
            used("StorageHost", HOST, "localhost", SLURMDBD),
            used("StorageLoc", STRING, "slurm_acct_db", SLURMDBD),
            known("StorageParameters", OPTIONS, "", SLURMDBD),
            used("StoragePass", STRING, "", SLURMDBD),
            used("StoragePort", PORT, "3306", SLURMDBD),
            used("StorageType", PLUGIN, "accounting_storage/mysql", SLURMDBD),
            used("StorageUser", STRING, "", SLURMDBD),
            known("TCPTimeout", SECONDS, "2", SLURMDBD),
            known("TrackSlurmctldDown", BOOLEAN, "NO", SLURMDBD),
            known("TrackWCKey", BOOLEAN, "NO", SLURMDBD)));
}
