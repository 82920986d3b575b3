/** Every Polish text shown to a user, defined once. Spec texts are quoted verbatim. */
export const msg = {
  required: 'Pole wymagane',
  requiredContact: 'To pole jest wymagane',
  invalidEmail: 'Wpisz poprawny adres e-mail',
  passwordRequired: 'Wpisz hasło',
  passwordRules:
    'Hasło musi składać się z conajmniej 8 znaków w tym: co najmniej jednej litery, co najmniej jednej wielkiej litery i co najmniej jednej cyfry.',
  passwordsMismatch: 'Hasła nie są zgodne',
  consentRequired: 'Zgoda wymagana',
  chooseShipping: 'Wybierz sposób dostawy',
  chooseQuantity: 'Wybierz minimum jeden produkt',
  chooseParameter: 'Wybierz parametr',
  outOfStock: 'Brak produktu na magazynie',
  genericError: 'Wystąpił błąd',

  registerSuccess:
    'Rejestracja przebiegła pomyślnie. Na Twój adres e-mail została wysłana wiadomość z linkiem potwierdzającym.',
  passwordChanged: 'Hasło zostało zmienione',
  emailChangeSent: 'Na Twój adres e-mail została wysłana wiadomość z linkiem potwierdzającym.',
  reminderFailure: 'Niepoprawny adres e-mail',
  reminderSent:
    'Na podany przez Ciebie adres e-mail wysłaliśmy link do formularza dzięki któremu odzyskasz hasło.',
  profileSaved: 'Poprawnie zmieniono dane',
  messageSent: 'Wiadomość została wysłana poprawnie',
  accreditationSent: 'Wniosek akredytacyjny został wysłany.',
  loginAfterConfirm: 'Teraz możesz zalogować się na swoje konto',
  emailChangedOk: 'Pomyślnie zmieniono adres e-mail',
  emailChangeFailed: 'Nie udało się potwierdzić Twojego adresu e-mail',
  thankYou: 'Dziękujemy za zakupy w naszym sklepie',

  // Server-side messages (the spec leaves their wording open).
  loginFailed: 'Nieprawidłowy adres e-mail lub hasło.',
  accountNotConfirmed: 'Konto nie zostało jeszcze potwierdzone. Kliknij link z wiadomości e-mail.',
  emailTaken: 'Konto z tym adresem e-mail już istnieje.',
  linkInvalid: 'Link jest nieprawidłowy, wygasł lub został już użyty.',
  currentPasswordWrong: 'Obecne hasło jest nieprawidłowe.',
  sameEmail: 'Nowy adres e-mail musi różnić się od obecnego.',
  oldEmailMismatch: 'Podany obecny adres e-mail nie zgadza się z adresem konta.',
  unauthorized: 'Sesja wygasła lub nie jesteś zalogowany. Zaloguj się ponownie.',
  forbidden: 'Brak uprawnień do tej operacji.',
  xsrf: 'Nieprawidłowy token bezpieczeństwa formularza. Odśwież stronę i spróbuj ponownie.',
  tooManyRequests: 'Zbyt wiele prób. Spróbuj ponownie za chwilę.',
  notFound: 'Nie znaleziono.',
  productNotFound: 'Nie znaleziono produktu.',
  pageNotFound: 'Nie znaleziono strony.',
  organisationNotFound: 'Nie znaleziono sklepu.',
  bannerNotFound: 'Nie znaleziono banera.',
  cartLineNotFound: 'Nie znaleziono pozycji w koszyku.',
  invalidRequest: 'Nieprawidłowe dane w żądaniu.',
  invalidJson: 'Nieprawidłowy format danych (JSON).',
  bodyTooLarge: 'Przesłane dane są zbyt duże.',
  unsupportedMediaType: 'Nieobsługiwany format danych.',
  invalidNumber: 'Wartość musi być liczbą całkowitą.',
  offsetRange: 'Nieprawidłowy zakres (offset lub liczba pozycji).',
  quantityAboveStock: 'Żądana ilość przekracza stan magazynowy.',
  quantityMin: 'Ilość musi wynosić co najmniej 1.',
  parameterInvalid: 'Wybrany parametr nie należy do tego produktu.',
  cartOrdered: 'Ten koszyk został już zamówiony.',
  // Order placement and payments ({produkt} is filled in with fillMessage).
  orderCartNotFound: 'Nie znaleziono koszyka. Dodaj produkty do koszyka i spróbuj ponownie.',
  orderCartEmpty: 'Koszyk jest pusty',
  orderLoginRequired: 'Zaloguj się, aby złożyć zamówienie.',
  orderNotEnoughStock: 'Brak wystarczającej ilości produktu „{produkt}” na magazynie.',
  orderProductGone: 'Produkt „{produkt}” nie jest już dostępny. Usuń go z koszyka.',
  orderCashOnDeliveryUnavailable: 'Płatność przy odbiorze nie jest dostępna dla wybranego sposobu dostawy.',
  orderPaymentFailed:
    'Nie udało się rozpocząć płatności. Zamówienie zostało anulowane, a produkty wróciły do sklepu. Spróbuj ponownie za chwilę.',
  orderInProgress:
    'Zamówienie z tego koszyka jest właśnie przetwarzane. Sprawdź historię zamówień za chwilę.',
  paymentNotificationInvalid: 'Nieprawidłowe powiadomienie o płatności.',
  paymentSignatureInvalid: 'Nieprawidłowy podpis powiadomienia o płatności.',
  paymentNotFound: 'Nie znaleziono płatności.',
  tooLong: 'Wartość jest zbyt długa.',
  serverError: 'Wystąpił błąd serwera. Spróbuj ponownie później.',
  mailSendFailed: 'Nie udało się wysłać wiadomości e-mail. Spróbuj ponownie za chwilę.',
  // input (E)
  invalidCharacters: 'Wartość zawiera niedozwolone znaki.',
  numberOutOfRange: 'Wartość liczbowa jest poza dozwolonym zakresem.',
  // accounts and sessions
  loginLocked: 'Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za kilka minut.',
  // database lifecycle (B)
  databaseUnavailable: 'Sklep jest chwilowo niedostępny. Spróbuj ponownie za chwilę.',
  shuttingDown: 'Serwer jest właśnie uruchamiany ponownie. Spróbuj ponownie za chwilę.',
  // orders and mail (F) ({numer} is the order number)
  onlinePaymentUnavailable:
    'Płatność online jest w tym sklepie chwilowo niedostępna. Wybierz płatność przy odbiorze lub skontaktuj się ze sklepem.',
  orderCancelledOrderAgain:
    'Zamówienie {numer} z tego koszyka zostało anulowane, bo nie zostało opłacone, a produkty wróciły do sklepu. Dodaj je ponownie do koszyka i złóż nowe zamówienie.',
  // panel: auth, audit, categories (P1)
  panelOwnerOnly: 'Tę operację może wykonać tylko właściciel sklepu.',
  categoryNotFound: 'Nie znaleziono kategorii.',
  categoryParentNotFound: 'Nie znaleziono kategorii nadrzędnej.',
  categoryCycle: 'Nie można przenieść kategorii do niej samej ani do jej podkategorii.',
  categoryNotEmpty: 'Nie można usunąć kategorii, która zawiera produkty lub podkategorie.',
  categoryNameRequired: 'Wpisz nazwę kategorii.',
  categoryOrderMismatch: 'Podaj wszystkie kategorie tego poziomu, każdą raz.',
  staffNotFound: 'Nie znaleziono pracownika.',
  staffEmailTaken: 'Konto z tym adresem e-mail już istnieje w tym sklepie.',
  staffNotYourself: 'Nie możesz usunąć ani zmienić roli własnego konta.',
  staffLastOwner: 'Sklep musi mieć co najmniej jednego właściciela.',
  staffInvited: 'Na podany adres e-mail wysłano link do ustawienia hasła.',
  invalidRole: 'Nieprawidłowa rola (dozwolone: owner, manager).',
  invalidSort: 'Nieprawidłowe sortowanie.',
  // panel: orders, customers, dashboard (P3) ({z}, {na} are status names)
  panelInvalidDate: 'Nieprawidłowa data (użyj formatu RRRR-MM-DD).',
  panelInvalidStatus: 'Nieprawidłowy status zamówienia.',
  panelInvalidPaymentState: 'Nieprawidłowy stan płatności.',
  panelOrderNotFound: 'Nie znaleziono zamówienia.',
  panelStatusTransitionRefused: 'Nie można zmienić statusu zamówienia z „{z}” na „{na}”.',
  panelCustomerNotFound: 'Nie znaleziono klienta.',
  panelCustomerAnonymised: 'Dane klienta zostały zanonimizowane.',
  panelCustomerAlreadyAnonymised: 'Dane tego klienta zostały już zanonimizowane.',
  historyPlaced: 'Złożenie zamówienia',
  historyPaymentCompleted: 'Płatność potwierdzona',
  historyPaymentCanceled: 'Płatność anulowana: zamówienie anulowane, produkty wróciły na magazyn',
  historyExpired: 'Brak płatności w terminie: zamówienie anulowane, produkty wróciły na magazyn',
  historyPaymentStartFailed: 'Nie udało się rozpocząć płatności: zamówienie anulowane',
  packingSlipTitle: 'Specyfikacja wysyłki',
  // club CLI (`npm run club`) ({alias}, {domena} filled in)
  clubUsage:
    'Użycie: npm run club -- create --alias <alias> --name <nazwa> --domain <domena> [--email <e-mail właściciela>] | npm run club -- list',
  clubAliasInvalid:
    'Nieprawidłowy alias: 2–40 znaków, małe litery bez polskich znaków, cyfry i myślniki (nie na początku ani na końcu).',
  clubAliasTaken: 'Klub o aliasie „{alias}” już istnieje.',
  clubNameRequired: 'Podaj nazwę klubu (--name), najwyżej 200 znaków.',
  clubDomainInvalid: 'Nieprawidłowa domena: np. sklep.klub.pl lub localhost:3001 (bez http:// i ścieżki).',
  clubDomainTaken: 'Domena „{domena}” należy już do innego klubu.',
  clubEmailInvalid: 'Nieprawidłowy adres e-mail właściciela (--email).',
  clubEmailRequired: 'Podaj adres e-mail właściciela (--email): z domeny {domena} nie da się go utworzyć.',
  // panel: products (P2)
  panelProductNotFound: 'Nie znaleziono produktu.',
  panelProductNameRequired: 'Wpisz nazwę produktu.',
  panelProductPriceInvalid:
    'Podaj cenę brutto w złotych (od 0 do 1 000 000, najwyżej dwa miejsca po przecinku).',
  panelProductStockInvalid: 'Stan magazynowy musi być liczbą całkowitą od 0 do 1 000 000.',
  panelProductParameterNameRequired: 'Wpisz nazwę parametru.',
  panelProductParameterDuplicate: 'Parametry produktu muszą mieć różne nazwy.',
  panelProductParameterNotFound: 'Parametr nie należy do tego produktu.',
  panelProductTooManyParameters: 'Produkt może mieć najwyżej 50 parametrów.',
  panelProductInvalidStatus: 'Nieprawidłowy status produktu (dozwolone: active, hidden, archived).',
  panelProductInvalidStockFilter: 'Nieprawidłowy filtr stanu (dozwolone: in, low, out).',
  // panel: photos (P4)
  photoNotFound: 'Nie znaleziono zdjęcia.',
  photoOrderMismatch: 'Podaj wszystkie zdjęcia produktu, każde raz.',
  photoNoFiles: 'Wybierz co najmniej jedno zdjęcie.',
  photoNotMultipart: 'Prześlij zdjęcia jako formularz (multipart/form-data) w polu „Pliki”.',
  photoWrongType: 'Plik „{plik}” nie jest obsługiwanym obrazem. Dozwolone formaty: JPEG, PNG i WebP.',
  photoCorrupt: 'Plik „{plik}” jest uszkodzony i nie daje się odczytać jako obraz.',
  photoTooLarge: 'Plik „{plik}” jest za duży (największy dozwolony rozmiar to {mb} MB).',
  photoTooManyPixels: 'Obraz „{plik}” ma za dużą rozdzielczość (najwyżej 40 megapikseli).',
  photoTooManyFiles: 'Jednorazowo można przesłać najwyżej {ile} zdjęć.',
  photoLimitReached: 'Produkt może mieć najwyżej {ile} zdjęć. Usuń któreś, zanim dodasz nowe.',
  photoStorageFailed: 'Nie udało się zapisać zdjęć. Spróbuj ponownie za chwilę.',
} as const;

export type MessageKey = keyof typeof msg;

/** Fills `{name}` placeholders of a message, e.g. `fillMessage(msg.orderNotEnoughStock, { produkt })`. */
export const fillMessage = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
