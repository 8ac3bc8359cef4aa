-- Accounting schema, version 1.
--
-- Conventions: times are Unix epoch seconds in BIGINT (as Slurm keeps them); NULL means "not set"
-- (a job not yet started has no time_start; a limit not set is inherited from the parent
-- association); -1 in a limit means explicitly unlimited. TRES strings use Slurm's id=count form,
-- e.g. "1=8,2=64000,1001=2", with ids from tres_table. Names compare case-sensitively (utf8mb4_bin),
-- as Unix user names do. Every statement is re-runnable (IF NOT EXISTS, INSERT IGNORE) because
-- MariaDB commits DDL implicitly: a migration interrupted halfway is simply run again.

CREATE TABLE IF NOT EXISTS cluster_table (
    name            VARCHAR(64)  NOT NULL,
    control_host    VARCHAR(255) NOT NULL DEFAULT '',
    control_port    INT UNSIGNED NOT NULL DEFAULT 0,
    rpc_version     SMALLINT UNSIGNED NOT NULL DEFAULT 0,
    flags           VARCHAR(255) NOT NULL DEFAULT '',
    time_created    BIGINT       NOT NULL,
    time_modified   BIGINT       NOT NULL,
    deleted         TINYINT(1)   NOT NULL DEFAULT 0,
    PRIMARY KEY (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Trackable resources. Ids 1-8 are fixed as in Slurm; generic ones (gres/gpu, license/x) start at 1001.
CREATE TABLE IF NOT EXISTS tres_table (
    id              INT UNSIGNED NOT NULL AUTO_INCREMENT,
    type            VARCHAR(64)  NOT NULL,
    name            VARCHAR(128) NOT NULL DEFAULT '',
    time_created    BIGINT       NOT NULL,
    deleted         TINYINT(1)   NOT NULL DEFAULT 0,
    PRIMARY KEY (id),
    UNIQUE KEY uk_tres_type_name (type, name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin AUTO_INCREMENT=1001;

INSERT IGNORE INTO tres_table (id, type, name, time_created) VALUES
    (1, 'cpu', '', 0), (2, 'mem', '', 0), (3, 'energy', '', 0), (4, 'node', '', 0),
    (5, 'billing', '', 0), (6, 'fs', 'disk', 0), (7, 'vmem', '', 0), (8, 'pages', '', 0);

CREATE TABLE IF NOT EXISTS acct_table (
    name            VARCHAR(64)  NOT NULL,
    description     VARCHAR(255) NOT NULL DEFAULT '',
    organization    VARCHAR(255) NOT NULL DEFAULT '',
    time_created    BIGINT       NOT NULL,
    time_modified   BIGINT       NOT NULL,
    deleted         TINYINT(1)   NOT NULL DEFAULT 0,
    PRIMARY KEY (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- admin_level: None, Operator or Administrator.
CREATE TABLE IF NOT EXISTS user_table (
    name            VARCHAR(64)  NOT NULL,
    admin_level     VARCHAR(16)  NOT NULL DEFAULT 'None',
    time_created    BIGINT       NOT NULL,
    time_modified   BIGINT       NOT NULL,
    deleted         TINYINT(1)   NOT NULL DEFAULT 0,
    PRIMARY KEY (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Quality of service. Lists of QOS (preempt) are comma-separated QOS ids; flags and preempt_mode
-- are Slurm's names (e.g. "DenyOnLimit,NoReserve", "REQUEUE"). Per-user/-account limits: _pu/_pa;
-- per job/node: _pj/_pn.
CREATE TABLE IF NOT EXISTS qos_table (
    id                     INT UNSIGNED NOT NULL AUTO_INCREMENT,
    name                   VARCHAR(64)  NOT NULL,
    description            VARCHAR(255) NOT NULL DEFAULT '',
    flags                  VARCHAR(512) NOT NULL DEFAULT '',
    priority               INT UNSIGNED NOT NULL DEFAULT 0,
    preempt                VARCHAR(1024) NOT NULL DEFAULT '',
    preempt_mode           VARCHAR(64)  NOT NULL DEFAULT 'OFF',
    preempt_exempt_time    INT UNSIGNED NULL,
    grace_time             INT UNSIGNED NULL,
    usage_factor           DOUBLE       NOT NULL DEFAULT 1.0,
    usage_thres            DOUBLE       NULL,
    limit_factor           DOUBLE       NULL,
    grp_jobs               INT          NULL,
    grp_jobs_accrue        INT          NULL,
    grp_submit_jobs        INT          NULL,
    grp_tres               TEXT         NULL,
    grp_tres_mins          TEXT         NULL,
    grp_tres_run_mins      TEXT         NULL,
    grp_wall               INT          NULL,
    max_jobs_pa            INT          NULL,
    max_jobs_per_user      INT          NULL,
    max_jobs_accrue_pa     INT          NULL,
    max_jobs_accrue_pu     INT          NULL,
    max_submit_jobs_pa     INT          NULL,
    max_submit_jobs_pu     INT          NULL,
    max_tres_pa            TEXT         NULL,
    max_tres_pj            TEXT         NULL,
    max_tres_pn            TEXT         NULL,
    max_tres_per_user      TEXT         NULL,
    max_tres_mins_pj       TEXT         NULL,
    max_tres_run_mins_pa   TEXT         NULL,
    max_tres_run_mins_pu   TEXT         NULL,
    max_wall_duration_per_job INT       NULL,
    min_prio_thresh        INT          NULL,
    min_tres_pj            TEXT         NULL,
    time_created           BIGINT       NOT NULL,
    time_modified          BIGINT       NOT NULL,
    deleted                TINYINT(1)   NOT NULL DEFAULT 0,
    PRIMARY KEY (id),
    UNIQUE KEY uk_qos_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Slurm always has a QOS named normal.
INSERT IGNORE INTO qos_table (id, name, description, time_created, time_modified)
    VALUES (1, 'normal', 'Normal QOS default', 0, 0);

-- Associations form a tree per cluster: the root account, accounts under it (user = ''), and
-- users under accounts (optionally per partition). id_parent points at the parent account's row.
-- shares: Fairshare value; NULL = "parent". qos: comma-separated QOS ids usable through it.
CREATE TABLE IF NOT EXISTS assoc_table (
    id_assoc          INT UNSIGNED NOT NULL AUTO_INCREMENT,
    cluster           VARCHAR(64)  NOT NULL,
    acct              VARCHAR(64)  NOT NULL,
    user              VARCHAR(64)  NOT NULL DEFAULT '',
    partition_name    VARCHAR(64)  NOT NULL DEFAULT '',
    parent_acct       VARCHAR(64)  NOT NULL DEFAULT '',
    id_parent         INT UNSIGNED NULL,
    is_def            TINYINT(1)   NOT NULL DEFAULT 0,
    shares            INT          NULL DEFAULT 1,
    priority          INT UNSIGNED NULL,
    grp_jobs          INT          NULL,
    grp_jobs_accrue   INT          NULL,
    grp_submit_jobs   INT          NULL,
    grp_tres          TEXT         NULL,
    grp_tres_mins     TEXT         NULL,
    grp_tres_run_mins TEXT         NULL,
    grp_wall          INT          NULL,
    max_jobs          INT          NULL,
    max_jobs_accrue   INT          NULL,
    max_submit_jobs   INT          NULL,
    max_tres_pj       TEXT         NULL,
    max_tres_pn       TEXT         NULL,
    max_tres_mins_pj  TEXT         NULL,
    max_tres_run_mins TEXT         NULL,
    max_wall_pj       INT          NULL,
    qos               VARCHAR(1024) NOT NULL DEFAULT '',
    def_qos_id        INT UNSIGNED NULL,
    time_created      BIGINT       NOT NULL,
    time_modified     BIGINT       NOT NULL,
    deleted           TINYINT(1)   NOT NULL DEFAULT 0,
    PRIMARY KEY (id_assoc),
    UNIQUE KEY uk_assoc (cluster, acct, user, partition_name),
    KEY ix_assoc_parent (cluster, id_parent),
    KEY ix_assoc_user (cluster, user)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- One row per job incarnation. Slurm's own key: a job id is unique on a cluster only together with
-- its submit time (ids wrap, and a requeued job comes back under its id with a new submit time).
-- Array tasks that have run are jobs of their own (id_job), with id_array_job/id_array_task naming
-- them; a still-pending remainder of an array has id_array_task NULL and array_task_str "[5-10]".
-- rec_time_ms/rec_order: when the controller produced the state this row holds (see the record store's
-- rule for newer states).
CREATE TABLE IF NOT EXISTS job_table (
    job_db_inx        BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
    cluster           VARCHAR(64)  NOT NULL,
    id_job            INT UNSIGNED NOT NULL,
    time_submit       BIGINT       NOT NULL,
    id_array_job      INT UNSIGNED NOT NULL DEFAULT 0,
    id_array_task     INT UNSIGNED NULL,
    array_task_str    TEXT         NULL,
    job_name          VARCHAR(255) NOT NULL DEFAULT '',
    user_name         VARCHAR(64)  NOT NULL,
    id_user           INT UNSIGNED NOT NULL,
    group_name        VARCHAR(64)  NOT NULL DEFAULT '',
    id_group          INT UNSIGNED NOT NULL,
    account           VARCHAR(64)  NOT NULL DEFAULT '',
    partition_name    VARCHAR(255) NOT NULL DEFAULT '',
    qos               VARCHAR(64)  NOT NULL DEFAULT '',
    state             VARCHAR(16)  NOT NULL,
    state_reason      VARCHAR(64)  NOT NULL DEFAULT '',
    exit_code         INT          NOT NULL DEFAULT 0,
    exit_signal       INT          NOT NULL DEFAULT 0,
    derived_exit_code INT          NOT NULL DEFAULT 0,
    derived_exit_signal INT        NOT NULL DEFAULT 0,
    priority          INT UNSIGNED NOT NULL DEFAULT 0,
    tres_req          TEXT         NOT NULL DEFAULT '',
    tres_alloc        TEXT         NOT NULL DEFAULT '',
    mem_req_mb        BIGINT UNSIGNED NULL,
    mem_req_per_cpu   TINYINT(1)   NOT NULL DEFAULT 0,
    nodelist          TEXT         NOT NULL DEFAULT '',
    nodes_alloc       INT UNSIGNED NOT NULL DEFAULT 0,
    cpus_req          INT UNSIGNED NOT NULL DEFAULT 0,
    cpus_alloc        INT UNSIGNED NOT NULL DEFAULT 0,
    time_eligible     BIGINT       NULL,
    time_start        BIGINT       NULL,
    time_end          BIGINT       NULL,
    time_suspended    BIGINT       NOT NULL DEFAULT 0,
    timelimit_min     INT UNSIGNED NULL,
    work_dir          TEXT         NOT NULL DEFAULT '',
    job_comment       TEXT         NOT NULL DEFAULT '',
    std_in            TEXT         NOT NULL DEFAULT '',
    std_out           TEXT         NOT NULL DEFAULT '',
    std_err           TEXT         NOT NULL DEFAULT '',
    submit_line       TEXT         NOT NULL DEFAULT '',
    restart_cnt       SMALLINT UNSIGNED NOT NULL DEFAULT 0,
    rec_time_ms       BIGINT       NOT NULL,
    rec_order         BIGINT       NOT NULL,
    PRIMARY KEY (job_db_inx),
    UNIQUE KEY uk_job (cluster, id_job, time_submit),
    -- sacct's window: submitted before the window ends, and not ended before it starts.
    KEY ix_job_submit (cluster, time_submit),
    KEY ix_job_end (cluster, time_end),
    KEY ix_job_user (cluster, user_name, time_submit),
    KEY ix_job_account (cluster, account, time_submit),
    KEY ix_job_array (cluster, id_array_job, id_array_task)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Steps, keyed by their job's key plus the step id. Special step ids are stored as Slurm's 32-bit
-- values read as signed integers: batch -5, extern -4, interactive -6, pending -3. CPU time is kept
-- in microseconds (TotalCPU = user + sys); memory and disk figures in bytes.
CREATE TABLE IF NOT EXISTS step_table (
    cluster           VARCHAR(64)  NOT NULL,
    id_job            INT UNSIGNED NOT NULL,
    job_time_submit   BIGINT       NOT NULL,
    id_step           INT          NOT NULL,
    step_name         VARCHAR(255) NOT NULL DEFAULT '',
    state             VARCHAR(16)  NOT NULL,
    exit_code         INT          NOT NULL DEFAULT 0,
    exit_signal       INT          NOT NULL DEFAULT 0,
    nodelist          TEXT         NOT NULL DEFAULT '',
    nodes_alloc       INT UNSIGNED NOT NULL DEFAULT 0,
    task_cnt          INT UNSIGNED NOT NULL DEFAULT 0,
    tres_alloc        TEXT         NOT NULL DEFAULT '',
    time_start        BIGINT       NULL,
    time_end          BIGINT       NULL,
    time_suspended    BIGINT       NOT NULL DEFAULT 0,
    user_cpu_usec     BIGINT UNSIGNED NOT NULL DEFAULT 0,
    sys_cpu_usec      BIGINT UNSIGNED NOT NULL DEFAULT 0,
    max_rss           BIGINT UNSIGNED NOT NULL DEFAULT 0,
    ave_rss           BIGINT UNSIGNED NOT NULL DEFAULT 0,
    max_vmsize        BIGINT UNSIGNED NOT NULL DEFAULT 0,
    disk_read         BIGINT UNSIGNED NOT NULL DEFAULT 0,
    disk_write        BIGINT UNSIGNED NOT NULL DEFAULT 0,
    tres_usage_in_max TEXT         NOT NULL DEFAULT '',
    tres_usage_in_ave TEXT         NOT NULL DEFAULT '',
    tres_usage_in_tot TEXT         NOT NULL DEFAULT '',
    tres_usage_out_max TEXT        NOT NULL DEFAULT '',
    tres_usage_out_tot TEXT        NOT NULL DEFAULT '',
    rec_time_ms       BIGINT       NOT NULL,
    rec_order         BIGINT       NOT NULL,
    PRIMARY KEY (cluster, id_job, job_time_submit, id_step)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Node (and, with node_name '', cluster) state changes: DOWN, DRAIN, FAIL... with the reason given.
CREATE TABLE IF NOT EXISTS event_table (
    cluster           VARCHAR(64)  NOT NULL,
    node_name         VARCHAR(255) NOT NULL DEFAULT '',
    time_start        BIGINT       NOT NULL,
    time_end          BIGINT       NULL,
    state             VARCHAR(64)  NOT NULL,
    reason            VARCHAR(255) NOT NULL DEFAULT '',
    reason_uid        INT UNSIGNED NULL,
    tres              TEXT         NOT NULL DEFAULT '',
    PRIMARY KEY (cluster, node_name, time_start),
    KEY ix_event_window (cluster, time_start, time_end)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE IF NOT EXISTS resv_table (
    cluster           VARCHAR(64)  NOT NULL,
    id_resv           INT UNSIGNED NOT NULL,
    time_start        BIGINT       NOT NULL,
    time_end          BIGINT       NOT NULL,
    resv_name         VARCHAR(255) NOT NULL,
    flags             VARCHAR(512) NOT NULL DEFAULT '',
    nodelist          TEXT         NOT NULL DEFAULT '',
    tres              TEXT         NOT NULL DEFAULT '',
    assoclist         TEXT         NOT NULL DEFAULT '',
    resv_comment      TEXT         NOT NULL DEFAULT '',
    deleted           TINYINT(1)   NOT NULL DEFAULT 0,
    PRIMARY KEY (cluster, id_resv, time_start),
    KEY ix_resv_window (cluster, time_start, time_end)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Rollups for sreport: seconds of each TRES used per association, and per cluster how its capacity
-- was spent (allocated, down, planned down, idle, reserved, over-committed). Hourly rows start on
-- the hour; daily tables have the same shape, with rows starting at midnight.
CREATE TABLE IF NOT EXISTS assoc_usage_hour_table (
    cluster           VARCHAR(64)  NOT NULL,
    time_start        BIGINT       NOT NULL,
    id_assoc          INT UNSIGNED NOT NULL,
    id_tres           INT UNSIGNED NOT NULL,
    alloc_secs        BIGINT UNSIGNED NOT NULL DEFAULT 0,
    time_modified     BIGINT       NOT NULL,
    PRIMARY KEY (cluster, time_start, id_assoc, id_tres),
    KEY ix_assoc_usage_assoc (cluster, id_assoc, time_start)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE IF NOT EXISTS assoc_usage_day_table LIKE assoc_usage_hour_table;

CREATE TABLE IF NOT EXISTS cluster_usage_hour_table (
    cluster           VARCHAR(64)  NOT NULL,
    time_start        BIGINT       NOT NULL,
    id_tres           INT UNSIGNED NOT NULL,
    count             BIGINT UNSIGNED NOT NULL DEFAULT 0,
    alloc_secs        BIGINT UNSIGNED NOT NULL DEFAULT 0,
    down_secs         BIGINT UNSIGNED NOT NULL DEFAULT 0,
    pdown_secs        BIGINT UNSIGNED NOT NULL DEFAULT 0,
    idle_secs         BIGINT UNSIGNED NOT NULL DEFAULT 0,
    plan_secs         BIGINT UNSIGNED NOT NULL DEFAULT 0,
    over_secs         BIGINT UNSIGNED NOT NULL DEFAULT 0,
    time_modified     BIGINT       NOT NULL,
    PRIMARY KEY (cluster, time_start, id_tres)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE IF NOT EXISTS cluster_usage_day_table LIKE cluster_usage_hour_table;

-- Where each cluster's rollup got to, so a restart resumes instead of recomputing.
CREATE TABLE IF NOT EXISTS last_ran_table (
    cluster           VARCHAR(64)  NOT NULL,
    hourly_rollup     BIGINT       NOT NULL DEFAULT 0,
    daily_rollup      BIGINT       NOT NULL DEFAULT 0,
    PRIMARY KEY (cluster)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
