"""OAuth 2.1 for agents: Forma's policy on top of django-oauth-toolkit.

The toolkit does the protocol (authorize, token, RFC 7591 registration, Client
ID Metadata Documents, PKCE, hashed tokens, refresh rotation). This module adds
what is Forma's to decide:

- which redirect URIs a client may register (https, loopback, known app schemes);
- that every token is bound to the MCP endpoint (RFC 8707), never to "anything";
- that a replayed authorization code revokes what it issued (RFC 6749 §4.1.2);
- agent connections: the person, organization and client behind every token,
  created on the consent page and revocable from the dashboard;
- clean-up of registrations that never obtained a token.

One module per role: policy (what Forma accepts: redirect URIs, the resource, the
registration limit), metadata (Client ID Metadata Documents), validator (the toolkit's
validator with Forma's rules), services (agent connections, token revocation),
selectors (reads), pruning (the beat job).
"""
