/**
 * The controller's side of accounting: a durable local queue of records and the one thread that
 * ships them, in order, to slurmdbd. Producers never wait for the database; records survive a
 * controller kill and are resent until slurmdbd confirms them (its upserts make resending harmless).
 */
package io.jslurm.slurmctld.accounting;
