import * as RNIap from "react-native-iap";

export async function buy(sku: string) {
  await RNIap.initConnection();
  await RNIap.requestPurchase({ sku });
}
