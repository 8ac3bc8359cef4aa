package io.jslurm.cli.sacctmgr;

import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.cli.sacct.AccountingDaemon;
import io.jslurm.cli.sacct.FieldTable;
import io.jslurm.protocol.proto.DbdAdminRequest;
import io.jslurm.protocol.proto.DbdAdminResponse;
import io.jslurm.protocol.proto.DbdAdminRow;
import io.jslurm.protocol.proto.DbdEventQuery;
import io.jslurm.protocol.proto.DbdEventQueryResponse;
import io.jslurm.protocol.proto.DbdEventRecord;
import io.jslurm.cli.sdiag.UserNames;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.InstantSource;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** {@code sacctmgr}: clusters, accounts, users, QOS and associations in the accounting database. */
public final class Sacctmgr {

    private static final List<Option> OPTIONS = List.of(Option.flag("immediate", 'i'), Option.flag("noheader", 'n'),
            Option.flag("parsable", 'p'), Option.flag("parsable2", 'P'), Option.flag("quiet", 'Q'),
            Option.flag("readonly", 'r'), Option.flag("associations", 's'), Option.flag("verbose", 'v'),
            Option.flag("version", 'V'), Option.flag("help", 'h'), Option.value("cluster", 'M'), Option.flag("json"));

    private final PrintStream out;
    private final PrintStream err;
    private final AccountingDaemon dbd;
    private final InstantSource clock;
    private final ZoneId zone;
    private final UserNames users;

    public Sacctmgr(PrintStream out, PrintStream err, AccountingDaemon dbd) {
        this(out, err, dbd, InstantSource.system(), ZoneId.systemDefault(), new UserNames(Path.of("/etc/passwd")));
    }

    /** @param users who set a node event's reason, by uid, and the uids of {@code users=} */
    public Sacctmgr(PrintStream out, PrintStream err, AccountingDaemon dbd, InstantSource clock, ZoneId zone,
                    UserNames users) {
        this.out = out;
        this.err = err;
        this.dbd = dbd;
        this.clock = clock;
        this.zone = zone;
        this.users = users;
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16), false);
        int status = new Sacctmgr(out, System.err, AccountingDaemon.fromEnvironment(System.getenv())).run(Arrays.asList(args));
        out.flush();
        System.exit(status);
    }

    public int run(List<String> args) {
        // Options may follow the command ("show user -n"), as Slurm's getopt permutes them.
        java.util.Optional<ParsedOptions> options = io.jslurm.cli.client.CommandLine.parse("sacctmgr", OPTIONS, args, err);
        if (options.isEmpty()) {
            return 1;
        }
        ParsedOptions parsed = options.get();
        FieldTable.Mode mode = FieldTable.Mode.FIXED;
        boolean header = true;
        boolean quiet = false;
        String cluster = null;
        for (ParsedOptions.Given given : parsed.options()) {
            switch (given.option().longName()) {
                case "noheader" -> header = false;
                case "parsable" -> mode = FieldTable.Mode.PARSABLE;
                case "parsable2" -> mode = FieldTable.Mode.PARSABLE2;
                case "quiet" -> quiet = true;
                case "cluster" -> cluster = given.value();
                case "version" -> {
                    out.println(io.jslurm.common.Version.line());
                    return 0;
                }
                case "help" -> {
                    out.print(SacctmgrHelp.TEXT);
                    return 0;
                }
                default -> {
                    // -i: changes are committed without asking in any case
                }
            }
        }
        if (EventListing.names(parsed.operands())) {
            return events(parsed.operands(), cluster, mode, header);
        }
        AdminCommand command;
        try {
            command = AdminCommand.parse(parsed.operands());
        } catch (AdminCommand.Refused refused) {
            err.println(" " + refused.getMessage());
            return 1;
        }
        try {
            String clusterName = cluster != null ? cluster : dbd.clusterName();
            if (command.verb().equals("add") && command.entity().equals("cluster")) {
                List<String> fresh = clustersNotThere(command.names());
                if (fresh.isEmpty()) {
                    return 1;
                }
                command = command.withNames(fresh);
            }
            DbdAdminRequest request = DbdAdminRequest.newBuilder().setEntity(command.entity()).setVerb(command.verb())
                    .addAllNames(command.names()).putAllWhere(command.where()).putAllSet(command.set())
                    .setCluster(clusterName).build();
            DbdAdminResponse response = dbd.call(request, DbdAdminResponse.class);
            if (command.verb().equals("list")) {
                try {
                    print(command, response, mode, header);
                } catch (IllegalArgumentException badFormat) {
                    err.println(" " + badFormat.getMessage());
                    return 1;
                }
            } else if (!quiet) {
                report(command, response);
            }
            return 0;
        } catch (ControllerException failed) {
            err.println(" " + failed.getMessage());
            return 1;
        }
    }

    /**
     * The clusters of {@code names} that the database does not hold yet; each one it holds is reported as Slurm's
     * sacctmgr does (a controller adds its own cluster when it registers, so this is the usual answer).
     */
    private List<String> clustersNotThere(List<String> names) throws ControllerException {
        Set<String> held = new HashSet<>();
        DbdAdminRequest list = DbdAdminRequest.newBuilder().setEntity("cluster").setVerb("list").build();
        for (DbdAdminRow row : dbd.call(list, DbdAdminResponse.class).getRowsList()) {
            held.add(row.getFieldsMap().getOrDefault("Cluster", "").toLowerCase(Locale.ROOT));
        }
        List<String> fresh = new ArrayList<>();
        for (String name : names) {
            if (held.contains(name.toLowerCase(Locale.ROOT))) {
                out.println(" This cluster " + name + " already exists.  Not adding.");
            } else {
                fresh.add(name);
            }
        }
        return fresh;
    }

    /** {@code sacctmgr show event}: the events of each cluster asked about, in one table. */
    private int events(List<String> words, String cluster, FieldTable.Mode mode, boolean header) {
        try {
            EventListing listing = EventListing.parse(words, cluster != null ? cluster : dbd.clusterName(), clock,
                    zone, users::uidOf);
            List<EventColumn.Sized> columns = listing.columns();
            FieldTable table = new FieldTable(columns.stream().map(c -> c.column().title).toList(),
                    columns.stream().map(EventColumn.Sized::width).toList(), mode, "|", header);
            EventText text = new EventText(zone, clock.instant().getEpochSecond(), users);
            StringBuilder lines = new StringBuilder();
            table.printHeader(lines);
            for (DbdEventQuery query : listing.queries()) {
                for (DbdEventRecord event : dbd.call(query, DbdEventQueryResponse.class).getEventsList()) {
                    table.printRow(columns.stream().map(c -> c.column().value(event, text)).toList(), lines);
                }
            }
            out.append(lines);
            return 0;
        } catch (AdminCommand.Refused refused) {
            err.println(" " + refused.getMessage());
            return 1;
        } catch (ControllerException failed) {
            err.println(" " + failed.getMessage());
            return 1;
        }
    }

    private void print(AdminCommand command, DbdAdminResponse response, FieldTable.Mode mode, boolean header) {
        List<AdminColumns.Column> columns = command.format().map(f -> AdminColumns.of(command.entity(), f))
                .orElseGet(() -> AdminColumns.defaults(command.entity()));
        FieldTable table = new FieldTable(columns.stream().map(AdminColumns.Column::title).toList(),
                columns.stream().map(AdminColumns.Column::width).toList(), mode, "|", header);
        StringBuilder text = new StringBuilder();
        table.printHeader(text);
        for (DbdAdminRow row : response.getRowsList()) {
            Map<String, String> fields = row.getFieldsMap();
            List<String> values = new ArrayList<>(columns.size());
            for (AdminColumns.Column c : columns) {
                values.add(fields.getOrDefault(c.title(), ""));
            }
            table.printRow(values, text);
        }
        out.append(text);
    }

    /** What a change did, in the manner of sacctmgr's own summaries. */
    private void report(AdminCommand command, DbdAdminResponse response) {
        String what = switch (command.entity()) {
            case "qos" -> "QOS";
            case "association" -> "Association";
            default -> Character.toUpperCase(command.entity().charAt(0)) + command.entity().substring(1);
        };
        switch (command.verb()) {
            case "add" -> {
                if (response.getRowsCount() == 0) {
                    out.println(" Nothing new added.");
                    return;
                }
                out.println(" Adding " + what + "(s)");
                response.getRowsList().forEach(r -> out.println("  " + r.getFieldsMap().get("Name")));
                if (!command.set().isEmpty()) {
                    out.println(" Settings");
                    command.set().forEach((k, v) -> out.println("  " + k + " = " + v));
                }
            }
            case "modify" -> {
                if (response.getChanged() == 0) {
                    out.println(" Nothing modified");
                    return;
                }
                out.println(" Modified " + what.toLowerCase(Locale.ROOT) + "s...");
                command.names().forEach(n -> out.println("  " + n));
            }
            default -> {
                if (response.getChanged() == 0) {
                    out.println(" Nothing deleted");
                    return;
                }
                out.println(" Deleting " + what.toLowerCase(Locale.ROOT) + "s...");
                command.names().forEach(n -> out.println("  " + n));
            }
        }
    }
}
