import path from 'node:path';
import { createEncodedFileSecretStore } from './createFileSecretStore';
import type { SecretStore } from './SecretStore';

/** The part of Electron's `safeStorage` the store uses (injected, so tests can pass a fake). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** The app: values encrypted with the OS keychain through Electron's safeStorage, in a 0600 file. */
export function createSafeStorageSecretStore(configDir: string, safeStorage: SafeStorageLike): SecretStore {
  const requireEncryption = () => {
    if (!safeStorage.isEncryptionAvailable()) {
      throw new Error(
        'the operating system offers no secret encryption (Electron safeStorage is unavailable)',
      );
    }
  };
  return createEncodedFileSecretStore({
    file: path.join(configDir, 'secrets.safestorage.json'),
    encode(value) {
      requireEncryption();
      return safeStorage.encryptString(value).toString('base64');
    },
    decode(stored) {
      requireEncryption();
      return safeStorage.decryptString(Buffer.from(stored, 'base64'));
    },
  });
}
