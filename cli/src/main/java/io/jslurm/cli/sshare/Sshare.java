package io.jslurm.cli.sshare;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.CommandLine;
import io.jslurm.cli.client.CommandSettings;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.cli.sacct.FieldTable;
import io.jslurm.protocol.proto.ShareInfoRequest;
import io.jslurm.protocol.proto.ShareInfoResponse;
import io.jslurm.protocol.proto.ShareInfoRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** {@code sshare}: shares, usage and fair-share factor of each association, as the controller computes them. */
public final class Sshare {

    static final String PROGRAM = "sshare";

    private static final List<Option> OPTIONS = List.of(
            Option.value("accounts", 'A'), Option.flag("all", 'a'), Option.flag("long", 'l'),
            Option.flag("partition", 'm'), Option.flag("noheader", 'n'), Option.flag("parsable", 'p'),
            Option.flag("parsable2", 'P'), Option.value("users", 'u'), Option.flag("verbose", 'v'),
            Option.flag("version", 'V'), Option.flag("help", 'h'), Option.flag("usage"),
            Option.value("clusters", 'M'), Option.value("format", 'o'), Option.flag("json"), Option.flag("yaml"));

    private final CommandEnvironment env;

    public Sshare(CommandEnvironment env) {
        this.env = env;
    }

    public static void main(String[] args) {
        CommandEnvironment env = CommandEnvironment.ofProcess();
        CommandEnvironment.exit(env, new Sshare(env).run(Arrays.asList(args)));
    }

    record Settings(boolean header, boolean longListing, boolean partitions, FieldTable.Mode mode,
                    ShareInfoRequest request) {
    }

    public int run(List<String> args) {
        return execute(args, null);
    }

    /** The command as if the controller had answered this. */
    public int show(List<String> args, ShareInfoResponse answer) {
        return execute(args, answer);
    }

    private int execute(List<String> args, ShareInfoResponse answered) {
        CommandSettings<Settings> read = CommandSettings.read(PROGRAM, OPTIONS, args, env, this::settings);
        if (read.done()) {
            return read.status();
        }
        Settings settings = read.settings();
        ShareInfoResponse answer = answered;
        if (answer == null) {
            try (Controller controller = env.controllers().open()) {
                answer = controller.call(settings.request(), ShareInfoResponse.class);
            } catch (ControllerException failed) {
                env.err().println("sshare: " + failed.getMessage());
                return 1;
            }
        }
        List<ShareColumn> columns = columns(settings);
        FieldTable table = new FieldTable(columns.stream().map(ShareColumn::title).toList(),
                columns.stream().map(ShareColumn::width).toList(), settings.mode(), "|", settings.header());
        StringBuilder out = new StringBuilder();
        table.printHeader(out);
        for (ShareInfoRow row : answer.getRowsList()) {
            table.printRow(columns.stream().map(c -> c.value().apply(row)).toList(), out);
        }
        env.out().print(out);
        return 0;
    }

    private static List<ShareColumn> columns(Settings settings) {
        List<ShareColumn> columns = new ArrayList<>(List.of(ShareColumn.ACCOUNT, ShareColumn.USER));
        if (settings.partitions()) {
            columns.add(ShareColumn.PARTITION);
        }
        columns.addAll(List.of(ShareColumn.RAW_SHARES, ShareColumn.NORM_SHARES, ShareColumn.RAW_USAGE));
        if (settings.longListing()) {
            columns.add(ShareColumn.NORM_USAGE);
        }
        columns.addAll(List.of(ShareColumn.EFFECTV_USAGE, ShareColumn.FAIRSHARE));
        if (settings.longListing()) {
            columns.addAll(List.of(ShareColumn.LEVEL_FS, ShareColumn.GRP_TRES_MINS, ShareColumn.TRES_RUN_MINS));
        }
        return columns;
    }

    private Optional<Settings> settings(ParsedOptions parsed) {
        boolean header = true;
        boolean longListing = false;
        boolean partitions = false;
        boolean all = false;
        FieldTable.Mode mode = FieldTable.Mode.FIXED;
        List<String> users = new ArrayList<>();
        ShareInfoRequest.Builder request = ShareInfoRequest.newBuilder();
        for (ParsedOptions.Given given : parsed.options()) {
            String value = given.value();
            if (CommandSettings.informational(given.option().longName(), env, SshareHelp.TEXT)) {
                return Optional.empty();
            }
            switch (given.option().longName()) {
                case "noheader" -> header = false;
                case "long" -> longListing = true;
                case "partition" -> partitions = true;
                case "all" -> all = true;
                case "parsable" -> mode = FieldTable.Mode.PARSABLE;
                case "parsable2" -> mode = FieldTable.Mode.PARSABLE2;
                case "accounts" -> request.addAllAccounts(CommandLine.list(value));
                case "users" -> users.addAll(CommandLine.list(value));
                case "format", "json", "yaml" -> throw new IllegalArgumentException("--"
                        + given.option().longName() + " is not supported yet");
                default -> {
                    // -v, -M: one cluster.
                }
            }
        }
        if (!parsed.operands().isEmpty()) {
            throw new IllegalArgumentException("Unknown argument: " + parsed.operands().get(0));
        }
        // Without -a or -u, only the caller's own user associations are listed (with every account).
        if (users.isEmpty() && !all) {
            users.add(env.identity().user());
        }
        if (!all || !users.isEmpty()) {
            request.addAllUsers(users);
        }
        return Optional.of(new Settings(header, longListing, partitions, mode, request.build()));
    }
}
