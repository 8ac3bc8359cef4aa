package io.jslurm.conf.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeyTableTest {

    @Test
    void lookupIgnoresCaseAndFollowsAliases() {
        assertThat(SlurmConfKeys.GLOBAL.find("schedulertype")).map(KeySpec::name).contains("SchedulerType");
        assertThat(SlurmConfKeys.NODE.find("Feature")).map(KeySpec::name).contains("Features");
        assertThat(SlurmConfKeys.NODE.find("procs")).map(KeySpec::name).contains("CPUs");
        assertThat(SlurmConfKeys.PARTITION.find("Shared")).map(KeySpec::name).contains("OverSubscribe");
    }

    @Test
    void suggestsTheClosestKeyOnlyWhenClose() {
        assertThat(SlurmConfKeys.GLOBAL.suggest("SlurmctlHost")).contains("SlurmctldHost");
        assertThat(SlurmConfKeys.GLOBAL.suggest("PriorityWieghtAge")).contains("PriorityWeightAge");
        assertThat(SlurmConfKeys.GLOBAL.suggest("selecttypeparams")).contains("SelectTypeParameters");
        assertThat(SlurmConfKeys.GLOBAL.suggest("Banana")).isEmpty();
    }

    @Test
    void tableHoldsSlurmsDefaultsAndTheDaemonsThatReadEachKey() {
        KeySpec port = SlurmConfKeys.GLOBAL.get("SlurmctldPort");
        assertThat(port.defaultValue()).isEqualTo("6817");
        assertThat(port.daemons()).contains(Daemon.SLURMCTLD, Daemon.SLURMD);
        assertThat(port.implemented()).isTrue();
        assertThat(SlurmConfKeys.GLOBAL.get("TopologyPlugin").implemented()).isFalse();
        assertThat(SlurmConfKeys.GLOBAL.specs()).hasSizeGreaterThan(200);
    }

    @Test
    void aKeyListedTwiceIsRefused() {
        assertThatThrownBy(() -> new KeyTable(List.of(KeySpec.used("A", ValueType.STRING, ""),
                KeySpec.known("a", ValueType.STRING, ""))))
                .hasMessage("key listed twice: a");
    }

    @Test
    void editDistanceCountsASwapAsOneEdit() {
        assertThat(EditDistance.between("killwiat", "killwait")).isEqualTo(1);
        assertThat(EditDistance.between("abc", "abc")).isZero();
        assertThat(EditDistance.between("", "abc")).isEqualTo(3);
        assertThat(EditDistance.between("kitten", "sitting")).isEqualTo(3);
    }
}
