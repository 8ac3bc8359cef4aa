package io.jslurm.sched.limits;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the groups have used so far, as the controller's usage record has it (decayed as fair-share usage is):
 * TRES-minutes and wall minutes per QOS and per association, an association counting its whole subtree. The
 * GrpTRESMins and GrpWall limits are measured against these.
 */
public final class UsedMinutes {

    public static final UsedMinutes NONE = new UsedMinutes();

    private final Map<String, Map<String, Double>> qosTres = new HashMap<>();
    private final Map<Long, Map<String, Double>> assocTres = new HashMap<>();
    private final Map<String, Double> qosWall = new HashMap<>();
    private final Map<Long, Double> assocWall = new HashMap<>();

    /** Builds one from what each user association used under each QOS. */
    public static final class Builder {
        private final UsedMinutes used = new UsedMinutes();

        /**
         * @param assocChain the user's association first, then each parent (each of them counts the usage)
         * @param tresMinutes TRES-minutes used, by TRES name
         * @param wallMinutes minutes the jobs ran
         */
        public Builder add(String qos, List<Long> assocChain, Map<String, Double> tresMinutes, double wallMinutes) {
            tresMinutes.forEach((tres, minutes) -> {
                used.qosTres.computeIfAbsent(qos, q -> new HashMap<>()).merge(tres, minutes, Double::sum);
                for (long assoc : assocChain) {
                    used.assocTres.computeIfAbsent(assoc, a -> new HashMap<>()).merge(tres, minutes, Double::sum);
                }
            });
            used.qosWall.merge(qos, wallMinutes, Double::sum);
            for (long assoc : assocChain) {
                used.assocWall.merge(assoc, wallMinutes, Double::sum);
            }
            return this;
        }

        public UsedMinutes build() {
            return used;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    public double qosTresMinutes(String qos, String tres) {
        return qosTres.getOrDefault(qos, Map.of()).getOrDefault(tres, 0.0);
    }

    public double assocTresMinutes(long assoc, String tres) {
        return assocTres.getOrDefault(assoc, Map.of()).getOrDefault(tres, 0.0);
    }

    public double qosWallMinutes(String qos) {
        return qosWall.getOrDefault(qos, 0.0);
    }

    public double assocWallMinutes(long assoc) {
        return assocWall.getOrDefault(assoc, 0.0);
    }
}
