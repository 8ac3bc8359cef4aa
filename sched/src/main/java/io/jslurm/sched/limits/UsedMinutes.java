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

    public static final UsedMinutes NONE = builder().build();

    private final Map<String, Map<String, Double>> qosTres;
    private final Map<Long, Map<String, Double>> assocTres;
    private final Map<String, Double> qosWall;
    private final Map<Long, Double> assocWall;

    private UsedMinutes(Builder b) {
        qosTres = deepCopy(b.qosTres);
        assocTres = deepCopy(b.assocTres);
        qosWall = Map.copyOf(b.qosWall);
        assocWall = Map.copyOf(b.assocWall);
    }

    private static <K> Map<K, Map<String, Double>> deepCopy(Map<K, Map<String, Double>> byKey) {
        Map<K, Map<String, Double>> copy = new HashMap<>();
        byKey.forEach((key, tres) -> copy.put(key, Map.copyOf(tres)));
        return Map.copyOf(copy);
    }

    /** Builds one from what each user association used under each QOS. */
    public static final class Builder {
        private final Map<String, Map<String, Double>> qosTres = new HashMap<>();
        private final Map<Long, Map<String, Double>> assocTres = new HashMap<>();
        private final Map<String, Double> qosWall = new HashMap<>();
        private final Map<Long, Double> assocWall = new HashMap<>();

        /**
         * @param assocChain the user's association first, then each parent (each of them counts the usage)
         * @param tresMinutes TRES-minutes used, by TRES name
         * @param wallMinutes minutes the jobs ran
         */
        public Builder add(String qos, List<Long> assocChain, Map<String, Double> tresMinutes, double wallMinutes) {
            tresMinutes.forEach((tres, minutes) -> {
                qosTres.computeIfAbsent(qos, q -> new HashMap<>()).merge(tres, minutes, Double::sum);
                for (long assoc : assocChain) {
                    assocTres.computeIfAbsent(assoc, a -> new HashMap<>()).merge(tres, minutes, Double::sum);
                }
            });
            qosWall.merge(qos, wallMinutes, Double::sum);
            for (long assoc : assocChain) {
                assocWall.merge(assoc, wallMinutes, Double::sum);
            }
            return this;
        }

        public UsedMinutes build() {
            return new UsedMinutes(this);
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
