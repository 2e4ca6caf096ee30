import * as RNIap from "react-native-iap";

export async function buy(sku: string) {
  await RNIap.initConnection();
  await RNIap.requestPurchase({ sku });
}

// react-native-iap's getPurchaseHistory restores on iOS (getAvailableItems), as notesnook's
// "Subscription not activated?" setting does.
export async function restore() {
  const purchases = await RNIap.getPurchaseHistory();
  return purchases.sort((a, b) => b.transactionDate - a.transactionDate)[0];
}
