package io.jslurm.cli.sprio;

import io.jslurm.protocol.proto.PriorityWeightSet;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * sprio's default layouts. As in Slurm, a factor whose weight is 0 (no TRES weights, for TRES) is left out of
 * them; a layout given with {@code -o} is printed as written.
 */
final class SprioLayout {

    private SprioLayout() {
    }

    private record Item(String weighted, String normalized, Predicate<PriorityWeightSet> shown) {
    }

    private static final List<Item> ITEMS = List.of(
            new Item("%.15i", "%.15i", w -> true),
            new Item("%9r", "%9r", w -> true),
            new Item("%.8u", "%.8u", w -> false),
            new Item("%.10Y", "%10y", w -> true),
            new Item("%.10S", "", w -> true),
            new Item("%.10A", "%10a", w -> w.getAge() > 0),
            new Item("%.10B", "%10b", w -> w.getAssoc() > 0),
            new Item("%.10F", "%10f", w -> w.getFairshare() > 0),
            new Item("%.10J", "%10j", w -> w.getJobSize() > 0),
            new Item("%.10P", "%10p", w -> w.getPartition() > 0),
            new Item("%.10Q", "%10q", w -> w.getQos() > 0),
            new Item("%.11N", "", w -> false),
            new Item("%20T", "%20t", w -> w.getTresCount() > 0));

    /**
     * @param longListing adds the user and nice columns
     * @param withUser    adds the user column (sprio -u)
     */
    static String defaultFormat(PriorityWeightSet weights, boolean normalized, boolean longListing,
                                boolean withUser) {
        List<String> fields = new ArrayList<>();
        for (Item item : ITEMS) {
            String field = normalized ? item.normalized() : item.weighted();
            boolean extra = field.equals("%.8u") ? longListing || withUser
                    : field.equals("%.11N") && longListing;
            if (field.isEmpty() || !(item.shown().test(weights) || extra)) {
                continue;
            }
            fields.add(longListing && field.equals("%20T") ? "%.20T" : field);
        }
        return String.join(" ", fields);
    }
}
