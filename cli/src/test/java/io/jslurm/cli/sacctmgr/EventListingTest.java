package io.jslurm.cli.sacctmgr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.proto.DbdEventQuery;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** How {@code sacctmgr show event} options become slurmdbd queries and columns. */
class EventListingTest {

    private static final ZoneId ZONE = ZoneId.of("Europe/Berlin");
    private static final InstantSource NOW = InstantSource.fixed(Instant.parse("2026-11-30T10:15:00Z"));

    private static EventListing parse(String... words) throws AdminCommand.Refused {
        return EventListing.parse(List.of(words), "gpu", NOW, ZONE,
                name -> name.equals("alice") ? OptionalLong.of(1001) : OptionalLong.empty());
    }

    private static List<String> titles(EventListing listing) {
        return listing.columns().stream().map(c -> c.column().title).toList();
    }

    @Test
    void byDefaultNodeAndClusterEventsSinceMidnightOfThePreviousDayInTheLocalZone() throws Exception {
        EventListing listing = parse("show", "event");
        DbdEventQuery q = listing.queries().get(0);
        assertThat(q.getCluster()).isEqualTo("gpu");
        assertThat(q.getWindowStart()).isEqualTo(ZonedDateTime.parse("2026-11-29T00:00:00+01:00[Europe/Berlin]")
                .toEpochSecond());
        assertThat(q.getWindowEnd()).isZero();
        assertThat(q.getEventType()).isEmpty();
        assertThat(q.getOpenOnly()).isFalse();
        assertThat(titles(listing)).containsExactly("Cluster", "NodeName", "TimeStart", "TimeEnd", "State", "Reason",
                "User");
    }

    @Test
    void statesWithoutAStartAskForOpenEventsAndAllTimeForNoWindow() throws Exception {
        DbdEventQuery states = parse("list", "events", "where", "states=down,drain").queries().get(0);
        assertThat(states.getOpenOnly()).isTrue();
        assertThat(states.getWindowStart()).isZero();
        assertThat(states.getStatesList()).containsExactly("down", "drain");

        DbdEventQuery allTime = parse("show", "event", "all_time", "end=2026-11-01T00:00:00").queries().get(0);
        assertThat(allTime.getWindowStart()).isZero();
        assertThat(allTime.getWindowEnd()).isZero();
        assertThat(allTime.getOpenOnly()).isFalse();
    }

    @Test
    void nodesUsersClustersAndTheClusterEventColumns() throws Exception {
        EventListing listing = parse("show", "event", "nodes=gpu[01-03]", "users=alice", "clusters=a,b",
                "event=Cluster", "start=2026-11-01T00:00:00");
        assertThat(listing.queries()).extracting(DbdEventQuery::getCluster).containsExactly("a", "b");
        DbdEventQuery q = listing.queries().get(1);
        assertThat(q.getNodesList()).containsExactly("gpu01", "gpu02", "gpu03");
        assertThat(q.getReasonUidsList()).containsExactly(1001);
        assertThat(q.getEventType()).isEqualTo("cluster");
        assertThat(q.getWindowStart()).isEqualTo(ZonedDateTime.parse("2026-11-01T00:00:00+01:00[Europe/Berlin]")
                .toEpochSecond());
        assertThat(titles(listing)).containsExactly("Cluster", "TRES", "TimeStart", "TimeEnd", "ClusterNodes");
        assertThat(parse("show", "event", "all_clusters", "clusters=a").queries())
                .extracting(DbdEventQuery::getCluster).containsExactly("");
    }

    @Test
    void formatTakesSacctmgrsNamesAndWidths() throws Exception {
        EventListing listing = parse("show", "event", "format=node%20,start,end,duration,event,stateraw");
        assertThat(titles(listing)).containsExactly("NodeName", "TimeStart", "TimeEnd", "Duration", "Event",
                "StateRaw");
        assertThat(listing.columns().get(0).width()).isEqualTo(20);
    }

    @Test
    void refusalsNameWhatIsWrong() {
        assertThatThrownBy(() -> parse("add", "event")).hasMessageContaining("Events can only be listed");
        assertThatThrownBy(() -> parse("show", "event", "users=nobody-here"))
                .hasMessage("Invalid user id: nobody-here");
        assertThatThrownBy(() -> parse("show", "event", "condflags=closed"))
                .hasMessage("Unknown condition flag closed");
        assertThatThrownBy(() -> parse("show", "event", "start=2026-11-02T00:00:00", "end=2026-11-01T00:00:00"))
                .hasMessageContaining("is not before end time");
        assertThatThrownBy(() -> parse("show", "event", "nodes=gpu[01-")).hasMessage("Invalid node list: gpu[01-");
        assertThatThrownBy(() -> parse("show", "event", "states=down,broken")).hasMessage("Invalid state: broken");
    }
}
