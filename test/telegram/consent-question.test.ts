// The consent question names the client, says whether its identity is verified (a metadata document on its own https
// host) or self-declared, shows where it returns (an app's scheme as a scheme, never as a host), and says to approve
// only what the owner started; after Allow the one-time code is in the message.
import { describe, expect, it } from 'vitest';
import { allowedText, consentQuestionText, ONLY_YOURS } from '../../src/telegram/features/connections.ts';

describe('the consent question', () => {
  it('says verified or self-declared, and a host or a scheme', () => {
    const verified = consentQuestionText({
      clientName: 'Doc App',
      verifiedHost: 'app.example.com',
      returnsTo: { kind: 'scheme', scheme: 'com.example.app:' },
    });
    expect(verified).toContain('Connect “Doc App” to your journal?');
    expect(verified).toContain('Its identity is verified: its description is published on app.example.com.');
    expect(verified).toContain(
      'It returns to an app on a device, by the link scheme com.example.app: (not a website).',
    );
    expect(verified).toContain(ONLY_YOURS);
    const declared = consentQuestionText({
      clientName: 'Claude',
      verifiedHost: null,
      returnsTo: { kind: 'host', host: 'claude.ai' },
    });
    expect(declared).toContain('Its name is self-declared');
    expect(declared).toContain('It returns to the website claude.ai.');
    expect(declared).toContain('Only approve a connection you started yourself');
  });

  it('shows the one-time code after Allow, and says not to pass it on', () => {
    const text = allowedText('K7QM2XRD');
    expect(text).toMatch(/: K7QM2XRD$/m);
    expect(text).toContain('do not type it anywhere or send it to anyone');
  });
});
