package io.jslurm.slurmctld.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdQosRecord;
import io.jslurm.sched.preempt.PreemptMode;
import io.jslurm.sched.preempt.QosPreempt;
import io.jslurm.slurmctld.assoc.AccountingData;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class AccountingQosPreemptTest {

    private static AccountingData accounting(DbdQosRecord.Builder... qos) {
        DbdAssocSnapshot.Builder snapshot = DbdAssocSnapshot.newBuilder().setCluster("c");
        for (DbdQosRecord.Builder q : qos) {
            snapshot.addQos(q);
        }
        return AccountingData.of(snapshot.build());
    }

    @Test
    void eachQosBringsItsPreemptListModeAndGraceTime() {
        AccountingData data = accounting(
                DbdQosRecord.newBuilder().setId(1).setName("normal").setPreemptMode("OFF"),
                DbdQosRecord.newBuilder().setId(2).setName("low").setPreemptMode("REQUEUE").setGraceTimeSeconds(30)
                        .setPreemptExemptSeconds(300),
                DbdQosRecord.newBuilder().setId(3).setName("high").addPreempt("low").addPreempt("normal"));

        Map<String, QosPreempt> qos = new AccountingQosPreempt(() -> data).qos();

        assertThat(qos).containsOnlyKeys("normal", "low", "high");
        assertThat(qos.get("high").preempts()).containsExactlyInAnyOrder("low", "normal");
        assertThat(qos.get("high").mode()).isEmpty();
        assertThat(qos.get("low").mode()).contains(PreemptMode.REQUEUE);
        assertThat(qos.get("low").graceTime()).isEqualTo(Duration.ofSeconds(30));
        assertThat(qos.get("low").exemptTime()).contains(Duration.ofMinutes(5));
        assertThat(qos.get("high").exemptTime()).isEmpty();
        assertThat(qos.get("normal")).isEqualTo(new QosPreempt("normal", Set.of(), Optional.empty()));
    }

    @Test
    void offOrNothingDefersToTheClusterAndGangAloneNeverPreempts() {
        assertThat(AccountingQosPreempt.mode("OFF")).isEmpty();
        assertThat(AccountingQosPreempt.mode("")).isEmpty();
        assertThat(AccountingQosPreempt.mode("CANCEL")).contains(PreemptMode.CANCEL);
        assertThat(AccountingQosPreempt.mode("GANG,SUSPEND")).contains(PreemptMode.SUSPEND);
        assertThat(AccountingQosPreempt.mode("GANG")).contains(PreemptMode.OFF);
    }

    @Test
    void aRefreshedCopyOfAccountingIsSeenAtOnce() {
        AtomicReference<AccountingData> current = new AtomicReference<>(
                accounting(DbdQosRecord.newBuilder().setId(1).setName("high")));
        AccountingQosPreempt source = new AccountingQosPreempt(current::get);
        assertThat(source.qos().get("high").preempts()).isEmpty();
        assertThat(source.qos()).isSameAs(source.qos());

        current.set(accounting(DbdQosRecord.newBuilder().setId(1).setName("high").addPreempt("low"),
                DbdQosRecord.newBuilder().setId(2).setName("low")));

        assertThat(source.qos().get("high").preempts()).containsExactly("low");
    }
}
