package io.jslurm.cli.sreport;

import io.jslurm.cli.client.CommandLine;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.cli.sacct.AccountingDaemon;
import io.jslurm.cli.sacct.FieldTable;
import io.jslurm.protocol.proto.DbdUsageQuery;
import io.jslurm.protocol.proto.DbdUsageResponse;
import java.io.PrintStream;
import java.time.InstantSource;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** {@code sreport}: cluster utilization and top users from slurmdbd's usage rollups. */
public final class Sreport {

    static final String PROGRAM = "sreport";

    private static final List<Option> OPTIONS = List.of(Option.flag("all_clusters", 'a'),
            Option.value("cluster", 'M'), Option.flag("help", 'h'), Option.flag("noheader", 'n'),
            Option.flag("parsable", 'p'), Option.flag("parsable2", 'P'), Option.flag("quiet", 'Q'),
            Option.value("time", 't'), Option.value("tres", 'T'), Option.flag("verbose", 'v'),
            Option.flag("version", 'V'), Option.flag("local"), Option.flag("usage"));

    static final String HELP = """
            sreport [<OPTION>] [<COMMAND>]
                Valid <OPTION> values are:
                    -a or --all_clusters: Use all clusters instead of current
                    -M or --cluster: Use the named cluster
                    -h or --help: equivalent to "help" command
                    -n or --noheader: equivalent to "noheader" command
                    -p or --parsable: output fields separated by '|', with a trailing '|'
                    -P or --parsable2: output fields separated by '|', no trailing '|'
                    -t <time_format>: Second, Minute, Hour, Percent, SecPer, MinPer, HourPer
                    -T or --tres: only cpu is reported
                    -V or --version: equivalent to "version" command

                Valid <COMMAND> values are:
                    cluster Utilization [Start=TIME] [End=TIME] [Clusters=NAME]
                    user TopUsage [Start=TIME] [End=TIME] [TopCount=N] [Users=LIST] [Accounts=LIST] [Group]

                TIME: HH:MM[:SS], MM/DD[/YY], YYYY-MM-DD[THH:MM[:SS]] or now[{+|-}count[units]];
                periods are whole hours, yesterday by default.
            """;

    private final PrintStream out;
    private final PrintStream err;
    private final InstantSource clock;
    private final ZoneId zone;
    private final AccountingDaemon dbd;
    private final ProperNames names;

    public Sreport(PrintStream out, PrintStream err, InstantSource clock, ZoneId zone, AccountingDaemon dbd,
                   ProperNames names) {
        this.out = out;
        this.err = err;
        this.clock = clock;
        this.zone = zone;
        this.dbd = dbd;
        this.names = names;
    }

    public static void main(String[] args) {
        Sreport sreport = new Sreport(System.out, System.err, InstantSource.system(), ZoneId.systemDefault(),
                AccountingDaemon.fromEnvironment(System.getenv()), ProperNames.fromSystem());
        int status = sreport.run(Arrays.asList(args));
        System.out.flush();
        System.exit(status);
    }

    public int run(List<String> args) {
        Optional<ParsedOptions> parsed = CommandLine.parse(PROGRAM, OPTIONS, args, err);
        if (parsed.isEmpty()) {
            return 1;
        }
        FieldTable.Mode mode = FieldTable.Mode.FIXED;
        boolean header = true;
        ReportTime time = ReportTime.MINUTES;
        Optional<String> cluster = Optional.empty();
        try {
            for (ParsedOptions.Given given : parsed.get().options()) {
                switch (given.option().longName()) {
                    case "noheader" -> header = false;
                    case "parsable" -> mode = FieldTable.Mode.PARSABLE;
                    case "parsable2" -> mode = FieldTable.Mode.PARSABLE2;
                    case "time" -> time = ReportTime.parse(given.value());
                    case "cluster" -> cluster = CommandLine.list(given.value()).stream().findFirst();
                    case "tres" -> requireCpu(given.value());
                    case "help", "usage" -> {
                        out.print(HELP);
                        return 0;
                    }
                    case "version" -> {
                        out.println(io.jslurm.common.Version.line());
                        return 0;
                    }
                    default -> {
                        // -a, -v, -Q, --local: one cluster, nothing extra to say
                    }
                }
            }
        } catch (IllegalArgumentException bad) {
            err.println(PROGRAM + ": error: " + bad.getMessage());
            return 1;
        }
        List<String> words = parsed.get().operands();
        if (words.isEmpty()) {
            err.println(PROGRAM + ": error: no command given; interactive mode is not supported");
            return 1;
        }
        ReportRequest request;
        try {
            request = ReportRequest.parse(words, clock, zone);
        } catch (IllegalArgumentException bad) {
            err.println(" " + bad.getMessage());
            return 1;
        }
        try {
            Optional<String> named = request.cluster().isPresent() ? request.cluster() : cluster;
            String name = named.isPresent() ? named.get() : dbd.clusterName();
            long end = request.end().getEpochSecond();
            DbdUsageResponse usage = dbd.call(DbdUsageQuery.newBuilder().setCluster(name)
                    .setWindowStart(request.start().getEpochSecond()).setWindowEnd(end)
                    .addAllUsers(request.users()).addAllAccounts(request.accounts()).build(), DbdUsageResponse.class);
            UsageReport report = new UsageReport(mode, header, time, zone);
            out.print(request.kind() == ReportRequest.Kind.CLUSTER_UTILIZATION
                    ? report.clusterUtilization(name, request, usage)
                    : report.topUsers(name, request, usage, names));
            return 0;
        } catch (ControllerException failed) {
            err.println(PROGRAM + ": error: " + failed.getMessage());
            return 1;
        }
    }

    private static void requireCpu(String tres) {
        if (!tres.strip().toLowerCase(Locale.ROOT).equals("cpu")) {
            throw new IllegalArgumentException("only --tres=cpu is reported, not " + tres);
        }
    }
}
