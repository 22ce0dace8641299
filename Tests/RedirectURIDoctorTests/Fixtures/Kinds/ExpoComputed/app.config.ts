import { ExpoConfig } from 'expo/config';

const config: ExpoConfig = {
  name: 'Ledger',
  slug: 'ledger',
  ios: { bundleIdentifier: process.env.BUNDLE_ID ?? 'com.contoso.ledger' },
};

export default config;
