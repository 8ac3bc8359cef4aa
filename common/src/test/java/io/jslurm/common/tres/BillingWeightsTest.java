package io.jslurm.common.tres;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The billing TRES as slurm.conf(5) describes TRESBillingWeights, with its own worked examples. */
class BillingWeightsTest {

    /** CPU=1.0,Mem=0.25G,GRES/gpu=2.0 with the G suffix already applied (0.25 per GB is 0.25/1024 per MB). */
    private static final BillingWeights DOCUMENTED = new BillingWeights(Map.of("cpu", 1.0, "mem", 0.25 / 1024,
            "gres/gpu", 2.0), "CPU=1.0,Mem=0.25G,GRES/gpu=2.0");

    /** 1 CPU and 8 GB of memory. */
    private static final Map<String, Long> ONE_CPU_8G = Map.of("cpu", 1L, "mem", 8192L, "node", 1L);

    @Test
    void theSumOfWeightedAmountsByDefault() {
        // (1*1.0) + (8*0.25) + (0*2.0) = 3.0
        assertThat(DOCUMENTED.billable(ONE_CPU_8G, false)).isEqualTo(3.0);
        assertThat(BillingWeights.whole(DOCUMENTED.billable(ONE_CPU_8G, false))).isEqualTo(3);
    }

    @Test
    void maxTresTakesTheLargestNodeTres() {
        // MAX(1*1.0, 8*0.25) + (0*2.0) = 2.0
        assertThat(DOCUMENTED.billable(ONE_CPU_8G, true)).isEqualTo(2.0);
        Map<String, Long> withGpus = Map.of("cpu", 1L, "mem", 8192L, "node", 1L, "gres/gpu", 4L);
        assertThat(DOCUMENTED.billable(withGpus, true)).as("GPUs are node TRES too").isEqualTo(8.0);
        assertThat(DOCUMENTED.billable(withGpus, false)).isEqualTo(11.0);
    }

    @Test
    void globalTresAreAddedEvenUnderMaxTres() {
        BillingWeights weights = new BillingWeights(Map.of("cpu", 1.0, "license/matlab", 5.0), "");
        assertThat(weights.billable(Map.of("cpu", 4L, "license/matlab", 2L), true)).isEqualTo(14.0);
    }

    @Test
    void withoutWeightsTheJobIsBilledItsCpus() {
        assertThat(BillingWeights.NONE.billable(Map.of("cpu", 6L, "mem", 1000L), false)).isEqualTo(6.0);
        assertThat(BillingWeights.NONE.billable(Map.of("cpu", 6L, "mem", 1000L), true)).isEqualTo(6.0);
    }

    @Test
    void memoryWithoutSuffixIsPerMegabyteAndFractionsAreDroppedFromTheTresString() {
        BillingWeights perMb = new BillingWeights(Map.of("mem", 0.25), "mem=.25");
        // "mem=.25" on a job with 8 GB is 2048 (8192 MB * .25)
        assertThat(perMb.billable(Map.of("mem", 8192L), false)).isEqualTo(2048.0);
        BillingWeights half = new BillingWeights(Map.of("cpu", 0.5), "CPU=0.5");
        assertThat(BillingWeights.whole(half.billable(Map.of("cpu", 3L), false))).isEqualTo(1);
    }

    @Test
    void negativeWeightsLowerTheBill() {
        BillingWeights weights = new BillingWeights(Map.of("cpu", 2.0, "node", -1.0), "CPU=2,Node=-1");
        assertThat(weights.billable(Map.of("cpu", 4L, "node", 2L), false)).isEqualTo(6.0);
    }
}
