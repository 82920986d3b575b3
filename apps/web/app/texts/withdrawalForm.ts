// Login, registration and the account pages.
export const withdrawalFormUi = {
  title: 'Wzór formularza odstąpienia od umowy',
  description:
    'Wzór formularza odstąpienia od umowy zawartej na odległość (załącznik nr 2 do ustawy o prawach konsumenta).',
  intro: '(formularz ten należy wypełnić i odesłać tylko w przypadku chęci odstąpienia od umowy)',
  addressee: 'Adresat',
  email: 'e-mail',
  lines: [
    'Ja/My(*) niniejszym informuję/informujemy(*) o moim/naszym odstąpieniu od umowy sprzedaży następujących rzeczy(*) / umowy o świadczenie następującej usługi(*):',
    'Data zawarcia umowy(*) / odbioru(*):',
    'Imię i nazwisko konsumenta(-ów):',
    'Adres konsumenta(-ów):',
    'Podpis konsumenta(-ów) (tylko jeżeli formularz jest przesyłany w wersji papierowej):',
    'Data:',
  ],
  strike: '(*) Niepotrzebne skreślić.',
  howTo:
    'Oświadczenie możesz wysłać e-mailem lub pocztą przed upływem terminu. Nie musisz używać tego wzoru: od umowy odstąpisz też online, w „Moim koncie” w historii zakupów albo przez link „Odstąp od umowy” z e-maila z potwierdzeniem zamówienia.',
} as const;
