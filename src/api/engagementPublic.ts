// The signing page's two public calls (docs/product/engagement.md#screens), with a client that
// signs nothing: the link's token is the key.
import type { ClientLanguage } from '../domain/intake';

export interface PublicEngagementDocument {
  kind: 'fee_agreement' | 'medical_authorization' | 'representation_letter';
  title: string;
  text: string;
}

export interface PublicEngagement {
  firmName: string;
  clientName: string;
  language: ClientLanguage | null;
  expiresAt: string;
  documents: PublicEngagementDocument[];
}

export type EngagementSignature = { method: 'drawn'; image: string } | { method: 'typed'; name: string };

export interface SignedEngagement {
  signedAt: string;
  /** The signed copy, for the client to keep. */
  downloadUrl: string;
}
