package io.jslurm.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.security.auth.module.UnixSystem;
import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.proto.Credential;
import io.jslurm.protocol.proto.MungeCredential;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** auth/munge against a real munged with its own key. */
class MungeAuthTest {
    @TempDir
    static Path dir;
    static MungedProcess munged;
    static Munge munge;

    @BeforeAll
    static void startMunged() throws Exception {
        munged = MungedProcess.start();
        munge = munged.munge();
    }

    @AfterAll
    static void stopMunged() throws Exception {
        munged.close();
    }

    static Credential munge(String sealed) {
        return Credential.newBuilder().setMunge(MungeCredential.newBuilder().setCredential(sealed)).build();
    }

    @Test
    void aCredentialDecodesToThisProcesssUidGidAndTheSealedHost() throws Exception {
        Credential credential = new MungeCredentialSource(munge, "node01").next();

        Identity caller = new MungeAuth(munge).verify(credential);

        UnixSystem self = new UnixSystem();
        assertThat(caller).isEqualTo(new Identity(self.getUid(), self.getGid(), "node01", "auth/munge"));
        assertThat(credential.getMunge().getCredential()).startsWith("MUNGE:").endsWith(":");
    }

    @Test
    void everyCredentialIsDifferent() throws Exception {
        MungeCredentialSource source = new MungeCredentialSource(munge, "node01");
        assertThat(source.next()).isNotEqualTo(source.next());
    }

    @Test
    void aReplayedCredentialIsRefused() throws Exception {
        MungeAuth auth = new MungeAuth(munge);
        Credential credential = new MungeCredentialSource(munge, "node01").next();
        auth.verify(credential);

        assertThatThrownBy(() -> auth.verify(credential))
                .isInstanceOf(AuthException.class)
                .hasMessage("munge: Replayed credential")
                .extracting(e -> ((AuthException) e).errorCode()).isEqualTo(ErrorCode.ESLURM_AUTH_CRED_INVALID);
    }

    @Test
    void anExpiredCredentialIsRefused() throws Exception {
        Credential credential = new MungeCredentialSource(munge, "node01", Duration.ofSeconds(1), new SecureRandom())
                .next();
        Thread.sleep(3_000);

        assertThatThrownBy(() -> new MungeAuth(munge).verify(credential)).hasMessage("munge: Expired credential");
    }

    @Test
    void aCredentialFromAnotherMungeKeyIsRefused() throws Exception {
        try (MungedProcess other = MungedProcess.start()) {
            Credential foreign = new MungeCredentialSource(other.munge(), "intruder").next();

            assertThatThrownBy(() -> new MungeAuth(munge).verify(foreign))
                    .isInstanceOf(AuthException.class)
                    .hasMessage("munge: Invalid credential");
        }
    }

    @Test
    void aTamperedCredentialIsRefused() throws Exception {
        String sealed = new MungeCredentialSource(munge, "node01").next().getMunge().getCredential();
        int middle = sealed.length() / 2;
        char flipped = sealed.charAt(middle) == 'A' ? 'B' : 'A';
        String tampered = sealed.substring(0, middle) + flipped + sealed.substring(middle + 1);

        assertThatThrownBy(() -> new MungeAuth(munge).verify(munge(tampered)))
                .isInstanceOf(AuthException.class)
                .hasMessageStartingWith("munge: ");
        assertThatThrownBy(() -> new MungeAuth(munge).verify(munge("not a credential")))
                .hasMessageStartingWith("munge: ");
    }

    @Test
    void aValidCredentialThatIsNotOursIsRefused() throws Exception {
        String sealed = munge.encode("hello".getBytes(StandardCharsets.US_ASCII), Duration.ZERO);

        assertThatThrownBy(() -> new MungeAuth(munge).verify(munge(sealed)))
                .hasMessage("munge: payload is not a jslurm auth/munge payload");
    }

    @Test
    void anAuthSlurmCredentialIsNotAcceptedByAuthMunge() {
        Credential slurm = new SlurmCredentialSigner(SlurmKey.of(new byte[32]), java.time.Clock.systemUTC())
                .sign(1000, 1000, "node01");

        assertThat(new MungeAuth(munge).accepts(slurm)).isFalse();
        assertThatThrownBy(() -> new Authenticator(java.util.List.of(new MungeAuth(munge))).verify(slurm))
                .hasMessageContaining("not accepted here");
    }

    @Test
    void noMungedNamesTheSocketAndSaysWhatToCheck() throws Exception {
        Path nowhere = dir.resolve("absent/munge.socket.2");
        Munge unreachable = Munge.at(nowhere);

        assertThatThrownBy(() -> new MungeCredentialSource(unreachable, "node01").next())
                .isInstanceOf(MungeException.class)
                .hasMessage("auth/munge: cannot reach munged at " + nowhere + ": no such socket (is munge running?)");
        assertThatThrownBy(() -> new MungeAuth(unreachable).verify(new MungeCredentialSource(munge, "n").next()))
                .isInstanceOf(AuthException.class)
                .hasMessageContaining("cannot reach munged at " + nowhere)
                .extracting(e -> ((AuthException) e).errorCode())
                .isEqualTo(ErrorCode.SLURM_PROTOCOL_AUTHENTICATION_ERROR);
    }

    @Test
    void noLibmungeIsOneClearError() {
        assertThatThrownBy(() -> Munge.load(munged.socket(), "munge-not-installed"))
                .isInstanceOf(MungeException.class)
                .hasMessageStartingWith("auth/munge: cannot load libmunge (install libmunge2): ");
    }
}
