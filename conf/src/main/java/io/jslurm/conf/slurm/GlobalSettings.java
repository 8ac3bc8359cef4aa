package io.jslurm.conf.slurm;

import io.jslurm.common.time.Elapsed;
import io.jslurm.conf.parse.KeyValues;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads the single-setting keys of slurm.conf into the typed groups of {@link SlurmConfig}. */
final class GlobalSettings {

    private final KeyValues values;

    GlobalSettings(KeyValues values) {
        this.values = values;
    }

    SchedulingConfig scheduling() {
        return new SchedulingConfig(
                values.choice("SelectType", SelectPlugin.class, SelectPlugin.LINEAR),
                values.parsed("SelectTypeParameters", SelectTypeParameters::parse,
                        SelectTypeParameters.parse("CR_Core_Memory")),
                values.choice("SchedulerType", SchedulerPlugin.class, SchedulerPlugin.BACKFILL),
                values.parsed("SchedulerParameters", SchedulerParameters::parse, SchedulerParameters.DEFAULTS),
                values.choice("PreemptType", PreemptPlugin.class, PreemptPlugin.NONE),
                values.choices("PreemptMode", PreemptMode.class), MemoryLimits.of(values),
                // -1 turns it off, as 0 does
                values.parsed("PreemptExemptTime", v -> v.strip().equals("-1") ? Duration.ZERO
                        : Elapsed.parse(v.strip()).toDuration(), Duration.ZERO),
                // Slurm takes 5 to 65533 seconds
                Duration.ofSeconds(values.number("SchedulerTimeSlice", 5, 65533)));
    }

    PriorityConfig priority() {
        return new PriorityConfig(
                values.choice("PriorityType", PriorityPlugin.class, PriorityPlugin.BASIC),
                weight("PriorityWeightAge"), weight("PriorityWeightAssoc"), weight("PriorityWeightFairshare"),
                weight("PriorityWeightJobSize"), weight("PriorityWeightPartition"), weight("PriorityWeightQOS"),
                values.parsed("PriorityWeightTRES", TresNames::parseWeights, Map.of()),
                values.elapsed("PriorityMaxAge"), values.elapsed("PriorityDecayHalfLife"),
                values.bool("PriorityFavorSmall"), values.choices("PriorityFlags", PriorityFlag.class));
    }

    private long weight(String key) {
        return values.number(key, 0, 0xFFFFFFFFL);
    }

    AccountingConfig accounting() {
        return new AccountingConfig(
                values.choice("AccountingStorageType", AccountingStoragePlugin.class, AccountingStoragePlugin.NONE),
                values.optional("AccountingStorageHost"), values.port("AccountingStoragePort"),
                values.parsed("AccountingStorageTRES", TresNames::parseList, List.of()), values.choices("AccountingStorageEnforce", AccountingEnforce.class));
    }

    DaemonPaths paths() {
        return new DaemonPaths(path("StateSaveLocation"), path("SlurmdSpoolDir"), optionalPath("SlurmctldLogFile"),
                optionalPath("SlurmdLogFile"), path("SlurmctldPidFile"), path("SlurmdPidFile"), path("TmpFS"),
                optionalPath("Prolog"), optionalPath("Epilog"), optionalPath("TaskProlog"), optionalPath("TaskEpilog"),
                optionalPath("PrologSlurmctld"), optionalPath("EpilogSlurmctld"));
    }

    private Path path(String key) {
        return Path.of(values.string(key));
    }

    private Optional<Path> optionalPath(String key) {
        return values.optional(key).map(Path::of);
    }

    Timers timers() {
        return new Timers(values.seconds("SlurmdTimeout"), values.seconds("SlurmctldTimeout"),
                values.seconds("MinJobAge"), values.seconds("KillWait"), values.seconds("MessageTimeout"),
                values.seconds("InactiveLimit"), values.seconds("WaitTime"),
                Duration.ofMinutes(values.number("OverTimeLimit", 0, Integer.MAX_VALUE)));
    }

    JobLimits limits() {
        long maxJobId = values.number("MaxJobId", 1, 0x3FFFFFFL);
        return new JobLimits((int) values.number("MaxJobCount", 1, Integer.MAX_VALUE),
                (int) values.number("MaxArraySize", 0, 4_000_001), values.number("FirstJobId", 1, maxJobId), maxJobId,
                (int) values.number("ReturnToService", 0, 2));
    }

    JobLaunchConfig launch() {
        return new JobLaunchConfig(values.string("ProctrackType"), values.list("TaskPlugin"),
                values.string("JobAcctGatherType"), values.choices("PrologFlags", PrologFlag.class));
    }

    AuthPlugin authType() {
        return values.choice("AuthType", AuthPlugin.class, AuthPlugin.MUNGE);
    }

    DebugLevel debug(String key) {
        return values.choice(key, DebugLevel.class, DebugLevel.INFO);
    }
}
