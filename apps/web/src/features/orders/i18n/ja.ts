import type { Translation } from '@kanna/shared/domain/translation';
import type en from './en';

const ja: Translation<typeof en> = {
  buy: (name: string) => `${name}を購入`,
  toolNotFoundTitle: '工具が見つかりません',
  purchase: '購入',
  buyDescription: (name: string, minimum: number, price: string) =>
    `${name}を日本から工場直送でまとめてご注文いただけます。最小注文数量 ${minimum}個、1個 $${price}。`,
  purchaseDescription: '日本の木製手工具を Kanna から工場直送でまとめてご注文いただけます。',
  loadingTool: '工具を読み込んでいます',
  toolNotLoaded: '工具を読み込めませんでした。',
  toolNotFound: 'この工具は見つかりませんでした',
  toolNotFoundHelp: 'カタログから外れたか、アドレスが間違っている可能性があります。',
  seeAllTools: 'すべての工具を見る',
  price: (price: string) => `価格 $${price}／個`,
  priceIn: (price: string) => `価格 ${price}／個`,
  fromAPiece: (price: string, quantity: number) => `${quantity}個以上で1個 ${price}から`,
  soldInPacks: (size: number) => `${size}個入りで販売`,
  sku: '品番',
  jan: 'JANコード',
  minimumOnlyLeft: (minimum: number, left: number) => `最小注文数量 ${minimum}個、在庫は残り${left}個`,
  orderRange: (minimum: number, maximum: number) => `注文数量 ${minimum}〜${maximum}個`,
  soldOut: '売り切れ',
  yourOrder: 'ご注文',
  soldOutExplained: (name: string, left: number, minimum: number) =>
    `申し訳ありません。${name}は売り切れです（在庫は残り${left}個、最小注文数量は${minimum}個）。営業担当にお問い合わせいただければ、再入荷のご連絡や製作のご相談を承ります。`,
  loadingAccount: 'アカウントを読み込んでいます',
  needMore: 'さらに多くの数量、サンプル、特注の仕上げをご希望ですか？',
  contactSupplier: '仕入先に問い合わせる',
  volumePrices: '数量割引',
  pieces: '数量',
  pricePerPiece: '1個あたりの価格',
  orMore: (from: number) => `${from}個以上`,
  yourQuantity: '（ご注文の数量）',
};
export default ja;
