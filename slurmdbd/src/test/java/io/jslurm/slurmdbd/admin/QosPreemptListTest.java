package io.jslurm.slurmdbd.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class QosPreemptListTest {

    private static final Map<String, Long> IDS = Map.of("normal", 1L, "low", 2L, "scavenger", 3L, "high", 4L);
    private static final Map<Long, String> NAMES = Map.of(1L, "normal", 2L, "low", 3L, "scavenger", 4L, "high");

    @Test
    void namesAreStoredAsIdsAndShownAsNamesAgain() throws AdminException {
        String stored = QosPreemptList.apply("preempt", "scavenger,low", "", 4, IDS);
        assertThat(stored).isEqualTo("3,2");
        assertThat(QosPreemptList.names(stored, NAMES)).containsExactly("low", "scavenger");
    }

    @Test
    void plusAndMinusChangeTheListInsteadOfReplacingIt() throws AdminException {
        assertThat(QosPreemptList.apply("preempt+", "scavenger", "2", 4, IDS)).isEqualTo("2,3");
        assertThat(QosPreemptList.apply("preempt", "+scavenger", "2", 4, IDS)).isEqualTo("2,3");
        assertThat(QosPreemptList.apply("preempt-", "low", "2,3", 4, IDS)).isEqualTo("3");
        assertThat(QosPreemptList.apply("preempt", "-low", "2,3", 4, IDS)).isEqualTo("3");
        assertThat(QosPreemptList.apply("preempt", "low", "2,3", 4, IDS)).isEqualTo("2");
        assertThat(QosPreemptList.apply("preempt", "", "2,3", 4, IDS)).isEmpty();
    }

    @Test
    void unknownQosAndPreemptingItselfAreRefused() {
        assertThatThrownBy(() -> QosPreemptList.apply("preempt", "nosuch", "", 4, IDS))
                .isInstanceOf(AdminException.class).hasMessageContaining("bad qos 'nosuch'");
        assertThatThrownBy(() -> QosPreemptList.apply("preempt", "low,high", "", 4, IDS))
                .isInstanceOf(AdminException.class).hasMessageContaining("can't preempt itself");
    }

    @Test
    void deletedQosDropOutOfTheList() {
        assertThat(QosPreemptList.names("2,9,3", NAMES)).containsExactly("low", "scavenger");
        assertThat(QosPreemptList.without("2,3", 2)).isEqualTo("3");
    }

    @Test
    void preemptModeIsCheckedAndOffMeansTheClusters() throws AdminException {
        assertThat(QosPreemptList.mode("requeue")).isEqualTo("REQUEUE");
        assertThat(QosPreemptList.mode("suspend,gang")).isEqualTo("GANG,SUSPEND");
        assertThat(QosPreemptList.mode("-1")).isEqualTo("OFF");
        assertThat(QosPreemptList.showMode("OFF")).isEqualTo("cluster");
        assertThat(QosPreemptList.showMode("CANCEL")).isEqualTo("CANCEL");
        assertThatThrownBy(() -> QosPreemptList.mode("kill")).isInstanceOf(AdminException.class)
                .hasMessageContaining("Invalid PreemptMode: kill");
        assertThatThrownBy(() -> QosPreemptList.mode("cancel,requeue")).isInstanceOf(AdminException.class);
    }
}
