import type { Translation } from '@kanna/shared/domain/translation';
import type en from './enter.en';

const ja: Translation<typeof en> = {
  title: '注文の代理入力',
  description: '電話・FAXで受けたご注文を、お客様に代わって入力します（管理者）。',
  lead: '電話やFAXでご注文いただいたお客様の注文を入力します。注文はお客様ご本人のものとして、お客様の価格で計算され、お客様の注文履歴に表示され、お客様がお支払いになります。',
  backToAllOrders: 'すべての注文に戻る',
  buyer: 'お客様',
  buyerEmail: 'お客様のメールアドレス',
  buyerEmailHint: 'このアドレスで登録済み（確認済み）のアカウントが必要です。',
  lookingUpBuyer: 'アカウントを確認しています…',
  buyerFound: (name: string) => `アカウント：${name}`,
  noSuchBuyer: 'このアドレスのアカウントはありません。先にお客様に会員登録をお願いしてください。',
  lines: '商品',
  tool: '商品',
  chooseTool: '商品を選択してください',
  quantity: '数量',
  lineLabel: (n: number) => `${n}行目`,
  toolHint: (sku: string | null, price: string) =>
    `${sku ? `品番 ${sku}・` : ''}定価 1個 ${price}（お客様の価格で計算されます）`,
  addLine: '行を追加',
  removeLine: (n: number) => `${n}行目を削除`,
  atMostLines: (max: number) => `1つの注文は${max}行までです。`,
  loadingTools: '販売中の商品を読み込んでいます…',
  toolsNotLoaded: '販売中の商品を読み込めませんでした。',
  noTools: '販売中の商品がありません。',
  addProduct: '商品を登録する',
  delivery: 'お届け先',
  country: '国',
  payment: 'お支払い方法',
  card: 'カード',
  cardHint: 'お客様がご注文のページでお支払いになります。',
  bankTransfer: '銀行振込',
  transferHint: '請求書（プロフォーマ）に対してお振込みいただきます。お支払いまで在庫を確保します。',
  onAccount: '掛売り',
  onAccountHint: '取引条件のある会社の方の注文：お支払い前に出荷し、月末締めの請求書でお支払いいただきます。',
  submit: '注文を入力する',
  entering: '注文を入力しています…',
  entered: 'お客様の注文を入力しました。',
};

export default ja;
