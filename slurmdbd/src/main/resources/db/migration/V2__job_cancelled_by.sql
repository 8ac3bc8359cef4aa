-- Who cancelled a job, so that sacct can print "CANCELLED by 1001". NULL: not cancelled by anyone.
ALTER TABLE job_table ADD COLUMN IF NOT EXISTS kill_requid INT UNSIGNED NULL AFTER state;
