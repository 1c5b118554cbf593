package io.tally.shell.server;

import io.tally.shell.ShellSession;
import java.sql.Connection;
import java.sql.Statement;

/** Lets server tests send the shell's remote cancel (a package-private helper of io.tally.shell). */
final class RemoteCancelAccess {
  private RemoteCancelAccess() {}

  static void closeOnServer(Connection c, Statement st) throws Exception {
    ShellSession.cancelRemote(c, st);
  }
}
