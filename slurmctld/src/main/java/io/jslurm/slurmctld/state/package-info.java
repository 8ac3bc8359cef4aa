/**
 * The controller's job table and how it survives crashes.
 *
 * <p>{@link io.jslurm.slurmctld.state.JournaledJobStore} keeps every job in memory and every accepted change in
 * an append-only journal under StateSaveLocation. A change returns to its caller only after its journal record
 * is fsync'd; concurrent callers share fsyncs (group commit). From time to time, and on clean shutdown, the
 * whole table is written as a snapshot and the journal segments it covers are deleted. Recovery reads the
 * newest whole snapshot and replays the journal after it; a record torn by a crash at the very end of the
 * journal is dropped, since its caller was never answered.
 *
 * <p>Files in StateSaveLocation:
 * <ul>
 *   <li>{@code job_journal.NNNNNNNNNNNN}: journal segment NNN; a new one starts at every snapshot and restart.
 *   <li>{@code job_snapshot.NNNNNNNNNNNN}: all jobs as of the start of segment NNN.
 *   <li>{@code job_state.lock}: held while a controller owns the directory.
 * </ul>
 * Both file kinds carry a header with a magic number, the format version and the sequence number, followed by
 * length-prefixed records each checked by CRC32C; see {@code RecordFormat} and {@code EntryCodec}. A format
 * change gets a new version number and a decoder for it, and old files stay readable.
 *
 * <p>Job ids: each submission records the id counter after it, so after any crash the counter resumes past
 * every acknowledged job. Ids run from FirstJobId up to MaxJobId and wrap back to FirstJobId (MaxJobId itself
 * is never assigned), skipping ids of jobs still in the table.
 */
package io.jslurm.slurmctld.state;
