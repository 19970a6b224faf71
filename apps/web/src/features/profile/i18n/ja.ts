import type { Translation } from '@kanna/shared/domain/translation';
import type en from './en';

const ja: Translation<typeof en> = {
  myProfile: 'プロフィール',
  myProfileDescription: 'Kanna のプロフィール：お名前・連絡先・ご注文のお届け先です。',
  editProfile: 'プロフィールを編集',
  editDescription: 'Kanna のプロフィールのお名前・電話番号・住所・リンクを更新します。',
  editLead: '電話番号と住所は、ご注文の配送の手配に使います。',
  loadingProfile: 'プロフィールを読み込んでいます',
  profileNotLoaded: 'プロフィールを読み込めませんでした。',
  notSaved: (reason: string) => `プロフィールを保存できませんでした：${reason}`,
  name: '名前',
  email: 'メールアドレス',
  phone: '電話番号',
  district: '地区',
  city: '市区町村',
  streetAddress: '番地・建物名',
  country: '国・地域',
  countryNotSet: '未設定',
  countryHint: 'ご注文手続きではこの国・地域が最初に選ばれます。注文ごとに変更できます。',
  language: '言語',
  browserLanguage: 'ブラウザーの言語',
  opensInNewTab: (site: string) => `（${site}、新しいタブで開きます）`,
  pictureOf: (name: string) => `${name} さんの画像`,
  defaultPicture: '標準の画像',
  emailHint: 'ログインに使うアドレスです。ここでは変更できません。',
  pictureUrl: '画像の URL',
  pictureHint: 'ご自身の写真か会社のロゴの画像へのリンク。',
  saving: '保存しています…',
  updateProfile: 'プロフィールを更新',
  cancel: 'キャンセル',
};
export default ja;
