package io.jslurm.conf.dbd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.jslurm.conf.ConfException;
import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.ConfProblem;
import io.jslurm.conf.InMemoryConfFiles;
import io.jslurm.conf.Loaded;
import io.jslurm.conf.slurm.AuthPlugin;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SlurmdbdConfigTest {

    private static final Path FILE = Path.of("/etc/slurm/slurmdbd.conf");

    private static Loaded<SlurmdbdConfig> load(String text) {
        return new ConfLoader(new InMemoryConfFiles().with(FILE.toString(), text)).loadSlurmdbd(FILE);
    }

    @Test
    void typicalSlurmdbdConf() {
        SlurmdbdConfig conf = load("""
                AuthType=auth/munge
                DbdHost=headnode01
                DbdPort=6819
                SlurmUser=slurm
                LogFile=/var/log/slurm/slurmdbd.log
                PidFile=/run/slurmdbd.pid
                StorageType=accounting_storage/mysql
                StorageHost=db01
                StoragePort=3307
                StorageUser=slurm
                StoragePass=s3cret
                StorageLoc=slurm_acct_db
                PurgeJobAfter=12months
                PurgeStepAfter=30days
                PurgeEventAfter=720hours
                PurgeUsageAfter=24
                """).config();

        assertThat(conf.authType()).isEqualTo(AuthPlugin.MUNGE);
        assertThat(conf.dbdHost()).isEqualTo("headnode01");
        assertThat(conf.dbdPort()).isEqualTo(6819);
        assertThat(conf.slurmUser()).isEqualTo("slurm");
        assertThat(conf.logFile()).contains(Path.of("/var/log/slurm/slurmdbd.log"));
        assertThat(conf.pidFile()).isEqualTo(Path.of("/run/slurmdbd.pid"));
        assertThat(conf.storageType()).isEqualTo("accounting_storage/mysql");
        assertThat(conf.storageHost()).isEqualTo("db01");
        assertThat(conf.storagePort()).isEqualTo(3307);
        assertThat(conf.storageUser()).isEqualTo("slurm");
        assertThat(conf.storagePass()).isEqualTo("s3cret");
        assertThat(conf.storageLoc()).isEqualTo("slurm_acct_db");
        assertThat(conf.purge().jobAfter()).contains(new PurgePeriod(12, ChronoUnit.MONTHS));
        assertThat(conf.purge().stepAfter()).contains(new PurgePeriod(30, ChronoUnit.DAYS));
        assertThat(conf.purge().eventAfter()).contains(new PurgePeriod(720, ChronoUnit.HOURS));
        assertThat(conf.purge().usageAfter()).contains(new PurgePeriod(24, ChronoUnit.MONTHS));
        assertThat(conf.purge().resvAfter()).isEmpty();
        assertThat(conf.toString()).doesNotContain("s3cret");
    }

    @Test
    void defaults() {
        SlurmdbdConfig conf = load("DbdHost=localhost\n").config();

        assertThat(conf.dbdPort()).isEqualTo(6819);
        assertThat(conf.storagePort()).isEqualTo(3306);
        assertThat(conf.storageHost()).isEqualTo("localhost");
        assertThat(conf.storageLoc()).isEqualTo("slurm_acct_db");
        assertThat(conf.dbdAddr()).isEqualTo(Optional.empty());
    }

    @Test
    void errors() {
        ConfException e = catchThrowableOfType(ConfException.class,
                () -> load("DbdPort=sixty\nPurgeJobAfter=1year\nStorageHots=db\n"));

        assertThat(e.errors()).extracting(ConfProblem::toString).containsExactly(
                "/etc/slurm/slurmdbd.conf: DbdHost is not set",
                "/etc/slurm/slurmdbd.conf:1: invalid value 'sixty' for DbdPort: expected a whole number from 1 to 65535",
                "/etc/slurm/slurmdbd.conf:2: invalid value '1year' for PurgeJobAfter: expected a number of hours, days "
                        + "or months, such as 12months or 30days",
                "/etc/slurm/slurmdbd.conf:3: unknown key 'StorageHots'; did you mean 'StorageHost'?");
    }
}
