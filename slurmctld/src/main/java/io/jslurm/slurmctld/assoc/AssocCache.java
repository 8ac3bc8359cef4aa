package io.jslurm.slurmctld.assoc;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.UserDirectory;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdUserRecord;
import java.io.IOException;
import java.time.Instant;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's current copy of accounting's associations. {@link #refresh} asks slurmdbd and, when it
 * answers, replaces the copy and saves it; when slurmdbd is away the copy in hand (or the saved one, after a
 * restart) stays in force. A background task refreshes periodically, which is how sacctmgr's changes reach the
 * controller as a fallback: slurmdbd pushes each change as it commits ({@link AssocPushHandler}), and each refresh
 * also registers this controller for those pushes. While it holds no copy at all the refreshes come quickly
 * ({@link RefreshPacing}). Refreshes run one at a time, so that a poll that read before a
 * change can never install its older copy over the one a push brought.
 */
public final class AssocCache implements AdminLevels, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(AssocCache.class);

    private final AssocSource source;
    private final AssocSnapshotFile file;
    private final UserDirectory directory;
    private volatile AccountingData data = AccountingData.EMPTY;
    private volatile Map<Long, AdminLevel> adminsByUid = Map.of();
    private volatile boolean reachable = true;
    private final Object refreshing = new Object();
    private final List<Runnable> changeListeners = new CopyOnWriteArrayList<>();
    private ScheduledExecutorService timer;
    private RefreshPacing pacing;
    private Instant lastAttempt = Instant.MIN;

    public AssocCache(AssocSource source, AssocSnapshotFile file, UserDirectory directory) {
        this.source = source;
        this.file = file;
        this.directory = directory;
    }

    /**
     * Loads the saved copy, then asks slurmdbd once; either may fail without stopping the controller. Until one
     * of them brings a copy the data is {@link AccountingData#AWAITING}.
     */
    public void load() {
        data = AccountingData.AWAITING;
        try {
            file.load().ifPresent(saved -> {
                install(saved);
                log.info("Loaded saved associations from {}: {} associations, {} QOS, {} users", file.path(),
                        saved.getAssociationsCount(), saved.getQosCount(), saved.getUsersCount());
            });
        } catch (IOException e) {
            log.error("Cannot read saved associations {}: {}", file.path(), e.getMessage());
        }
        refresh();
    }

    /** Asks slurmdbd for a fresh copy; returns whether it answered. */
    public boolean refresh() {
        synchronized (refreshing) {
            return fetchAndInstall();
        }
    }

    private boolean fetchAndInstall() {
        DbdAssocSnapshot fresh;
        try {
            fresh = source.fetch();
        } catch (IOException | RpcException e) {
            // One line when slurmdbd goes away and one when it answers: quick retries must not flood the log.
            if (reachable) {
                if (data.loaded()) {
                    log.warn("slurmdbd unreachable for associations ({}); keeping the copy from before",
                            e.getMessage());
                } else {
                    log.warn("slurmdbd unreachable for associations ({}); no copy yet, so jobs are refused where "
                            + "AccountingStorageEnforce=associations; asking again until it answers", e.getMessage());
                }
            }
            reachable = false;
            return false;
        }
        if (!data.loaded()) {
            log.info("First copy of the associations from slurmdbd: {} associations, {} QOS, {} users",
                    fresh.getAssociationsCount(), fresh.getQosCount(), fresh.getUsersCount());
        } else if (!reachable) {
            log.info("slurmdbd answers again; associations refreshed");
        }
        reachable = true;
        if (!fresh.toBuilder().setGeneratedMs(0).build()
                .equals(data.snapshot().toBuilder().setGeneratedMs(0).build()) || !data.loaded()) {
            install(fresh);
            try {
                file.save(fresh);
            } catch (IOException e) {
                log.error("Cannot save associations to {}: {}", file.path(), e.getMessage());
            }
            changeListeners.forEach(Runnable::run);
        }
        return true;
    }

    /** {@code listener} runs after each refresh that brought a different copy (fair share rereads its tree). */
    public void whenChanged(Runnable listener) {
        changeListeners.add(listener);
    }

    /** A refresh on the background thread now, without waiting for it (registers a controller that just bound). */
    public void refreshSoon() {
        if (timer != null) {
            timer.execute(this::refresh);
        }
    }

    /** Refreshes as {@code pacing} says on a daemon thread until closed, counting from now. */
    public void startRefreshing(RefreshPacing pacing, InstantSource clock) {
        paced(pacing, clock.instant());
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "slurmctld-assoc");
            t.setDaemon(true);
            return t;
        });
        long tick = pacing.tick().toMillis();
        timer.scheduleWithFixedDelay(() -> refreshIfDue(clock.instant()), tick, tick, TimeUnit.MILLISECONDS);
    }

    /** Sets the pacing, with the last attempt at {@code start} (the one {@link #load} made). */
    void paced(RefreshPacing pacing, Instant start) {
        synchronized (refreshing) {
            this.pacing = pacing;
            this.lastAttempt = start;
        }
    }

    /** One look of the background timer: a refresh when the pacing says one is due at {@code now}. */
    boolean refreshIfDue(Instant now) {
        synchronized (refreshing) {
            if (now.isBefore(pacing.next(lastAttempt, data.loaded()))) {
                return false;
            }
            lastAttempt = now;
            fetchAndInstall();
            return true;
        }
    }

    /** Whether the controller holds a copy of the associations, saved or fetched (slurm-local up waits for it). */
    public boolean holdsCopy() {
        return data.loaded();
    }

    public AccountingData data() {
        return data;
    }

    @Override
    public AdminLevel levelOf(long uid) {
        return adminsByUid.getOrDefault(uid, AdminLevel.NONE);
    }

    private void install(DbdAssocSnapshot snapshot) {
        AccountingData fresh = AccountingData.of(snapshot);
        Map<Long, AdminLevel> admins = new HashMap<>();
        for (DbdUserRecord user : snapshot.getUsersList()) {
            AdminLevel level = AdminLevel.parse(user.getAdminLevel());
            if (level == AdminLevel.NONE) {
                continue;
            }
            try {
                OptionalLong uid = directory.uidOf(user.getName());
                uid.ifPresent(u -> admins.put(u, level));
            } catch (IOException e) {
                log.warn("Cannot look up uid of {} ({}); its AdminLevel has no effect", user.getName(), e.getMessage());
            }
        }
        data = fresh;
        adminsByUid = Map.copyOf(admins);
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
