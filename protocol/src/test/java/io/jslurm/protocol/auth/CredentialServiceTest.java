package io.jslurm.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.security.auth.module.UnixSystem;
import io.jslurm.protocol.proto.Credential;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CredentialServiceTest {
    @TempDir
    Path dir;

    final Clock clock = Clock.systemUTC();

    @Test
    void signsForThePeerTheKernelReports() throws Exception {
        Path socket = dir.resolve("auth.socket");
        UnixSystem self = new UnixSystem();
        try (CredentialService service = CredentialService.start(socket,
                new SlurmCredentialSigner(SlurmAuthTest.KEY, clock), new GetentUserDirectory(clock), "node7")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(socket))).isEqualTo("rw-rw-rw-");
            CredentialServiceClient client = new CredentialServiceClient(socket);
            Credential first = client.next();
            Credential second = client.next();

            Authenticator authenticator = new Authenticator(List.of(new SlurmAuth(SlurmAuthTest.KEY, clock)));
            Identity who = authenticator.verify(first);
            assertThat(who.uid()).isEqualTo(self.getUid());
            assertThat(who.gid()).isEqualTo(self.getGid());
            assertThat(who.host()).isEqualTo("node7");
            assertThat(authenticator.verify(second).uid()).isEqualTo(self.getUid());
        }
        assertThat(socket).doesNotExist();
    }

    @Test
    void commandsPickTheServiceWhenTheyCannotReadTheKey() throws Exception {
        Path socket = dir.resolve("auth.socket");
        Path missingKey = dir.resolve("slurm.key");
        try (CredentialService service = CredentialService.start(socket,
                new SlurmCredentialSigner(SlurmAuthTest.KEY, clock), new GetentUserDirectory(clock), "node7")) {
            CredentialSource source = CredentialSources.forCurrentUser(missingKey, socket, clock);
            assertThat(source).isInstanceOf(CredentialServiceClient.class);
            assertThat(new SlurmAuth(SlurmAuthTest.KEY, clock).verify(source.next()).uid())
                    .isEqualTo(new UnixSystem().getUid());
        }
    }

    @Test
    void commandsSignThemselvesWhenTheyCanReadTheKey() throws Exception {
        Path key = dir.resolve("slurm.key");
        Files.write(key, new byte[64]);
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        CredentialSource source = CredentialSources.forCurrentUser(key, dir.resolve("none.socket"), clock);
        Identity who = new SlurmAuth(SlurmKey.of(new byte[64]), clock).verify(source.next());
        assertThat(who.uid()).isEqualTo(new UnixSystem().getUid());
        assertThat(who.host()).isEqualTo(LocalHost.name());
    }

    @Test
    void aSecondDaemonOfTheHostLeavesALiveServiceAlone() throws Exception {
        Path socket = dir.resolve("run/slurm/auth.socket");
        SlurmCredentialSigner signer = new SlurmCredentialSigner(SlurmAuthTest.KEY, clock);
        try (CredentialService first = CredentialService.startUnlessServed(socket, signer,
                new GetentUserDirectory(clock), "node1").orElseThrow()) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(socket.getParent())))
                    .isEqualTo("rwxr-xr-x");
            assertThat(CredentialService.startUnlessServed(socket, signer, new GetentUserDirectory(clock), "node2"))
                    .isEmpty();
            Identity who = new SlurmAuth(SlurmAuthTest.KEY, clock).verify(new CredentialServiceClient(socket).next());
            assertThat(who.host()).as("the first daemon still answers").isEqualTo("node1");
        }
    }

    @Test
    void aSocketLeftByAStoppedDaemonIsReplaced() throws Exception {
        Path socket = dir.resolve("auth.socket");
        // A daemon killed with SIGKILL leaves its socket file behind with nobody listening.
        java.nio.channels.ServerSocketChannel dead = java.nio.channels.ServerSocketChannel.open(
                java.net.StandardProtocolFamily.UNIX);
        dead.bind(java.net.UnixDomainSocketAddress.of(socket));
        dead.close();
        assertThat(socket).exists();

        try (CredentialService service = CredentialService.startUnlessServed(socket,
                new SlurmCredentialSigner(SlurmAuthTest.KEY, clock), new GetentUserDirectory(clock), "node3")
                .orElseThrow()) {
            assertThat(new SlurmAuth(SlurmAuthTest.KEY, clock).verify(new CredentialServiceClient(socket).next())
                    .host()).isEqualTo("node3");
        }
    }

    @Test
    void daemonsServeCredentialsUnderAuthSlurmOnly() throws Exception {
        Path socket = dir.resolve("auth.socket");
        assertThat(AuthMethods.credentialService(AuthMethodsTest.slurmConf(dir, "AuthType=auth/munge\n"),
                SlurmAuthTest.KEY, clock, socket, "node1")).isEmpty();
        assertThat(socket).doesNotExist();
        try (CredentialService service = AuthMethods.credentialService(AuthMethodsTest.slurmConf(dir, ""),
                SlurmAuthTest.KEY, clock, socket, "node1").orElseThrow()) {
            assertThat(service.socketPath()).isEqualTo(socket);
        }
    }

    @Test
    void authInfoNamesTheSocketAndTheKey() throws Exception {
        AuthInfo defaults = AuthInfo.of(AuthMethodsTest.slurmConf(dir, ""), dir.resolve("slurm.conf"));
        assertThat(defaults.credentialSocket()).isEqualTo(Path.of("/run/slurm/credential.socket"));
        assertThat(defaults.keyFile()).isEqualTo(dir.resolve("slurm.key"));
        AuthInfo given = AuthInfo.of(AuthMethodsTest.slurmConf(dir,
                "AuthInfo=socket=/srv/c/run/cred.socket,keyfile=/srv/c/key\n"), dir.resolve("slurm.conf"));
        assertThat(given.credentialSocket()).isEqualTo(Path.of("/srv/c/run/cred.socket"));
        assertThat(given.keyFile()).isEqualTo(Path.of("/srv/c/key"));
    }

    @Test
    void saysClearlyWhenTheServiceIsNotRunning() {
        CredentialServiceClient client = new CredentialServiceClient(dir.resolve("absent.socket"));
        assertThatThrownBy(client::next).hasMessageContaining("cannot reach the credential service at");
    }
}
