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
  shopNotReady:
    'Sklep nie przyjmuje jeszcze zamówień: klub nie uzupełnił danych sprzedawcy wymaganych przez prawo. Spróbuj później albo skontaktuj się z klubem.',
  confirmationResent:
    'Jeśli konto z tym adresem czeka na potwierdzenie, wysłaliśmy na niego nowy link aktywacyjny. Poprzednie linki przestały działać.',
  currentPasswordWrong: 'Obecne hasło jest nieprawidłowe.',
  sameEmail: 'Nowy adres e-mail musi różnić się od obecnego.',
  oldEmailMismatch: 'Podany obecny adres e-mail nie zgadza się z adresem konta.',
  unauthorized: 'Sesja wygasła lub nie jesteś zalogowany. Zaloguj się ponownie.',
  forbidden: 'Brak uprawnień do tej operacji.',
  xsrf: 'Nieprawidłowy token bezpieczeństwa formularza. Odśwież stronę i spróbuj ponownie.',
  tooManyRequests: 'Zbyt wiele prób. Spróbuj ponownie za chwilę.',
  notFound: 'Nie znaleziono.',
  productNotFound: 'Nie znaleziono produktu.',
  // Storefront search (query `q`).
  searchQueryRequired: 'Wpisz, czego szukasz.',
  searchQueryTooShort: 'Wpisz co najmniej 2 znaki.',
  searchQueryTooLong: 'Wpisz najwyżej 100 znaków.',
  // Search results page past the search's rate limit (answered 429).
  searchTooManyRequests: 'Wyszukujesz zbyt często. Odczekaj chwilę i spróbuj ponownie.',
  pageNotFound: 'Nie znaleziono strony.',
  organisationNotFound: 'Nie znaleziono sklepu.',
  bannerNotFound: 'Nie znaleziono banera.',
  cartLineNotFound: 'Nie znaleziono pozycji w koszyku.',
  invalidRequest: 'Nieprawidłowe dane w żądaniu.',
  requestHeadersTooLarge: 'Adres strony lub nagłówki żądania są zbyt długie.',
  requestTimeout: 'Żądanie nie dotarło w całości na czas. Spróbuj ponownie.',
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
  orderTermsRequired: 'Zaakceptuj regulamin sklepu, aby złożyć zamówienie.',
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
  // Refunds through the payment provider
  refundAmountTooHigh: 'Kwota zwrotu przekracza kwotę, która pozostała do zwrotu z tej płatności.',
  refundAmountInvalid: 'Kwota zwrotu musi być większa od zera.',
  refundNotPossible:
    'Tej płatności nie można teraz zwrócić (nie została jeszcze rozliczona, jest zbyt stara albo zwroty są wyłączone).',
  refundNoBalance: 'Na koncie PayU sklepu brakuje środków na ten zwrot.',
  refundConflict: 'Ten zwrot został już zlecony z inną kwotą. Odśwież zamówienie.',
  refundFailed: 'Nie udało się zlecić zwrotu. Spróbuj ponownie za chwilę.',
  refundLineInvalid: 'Nieprawidłowa pozycja zwrotu.',
  refundLineTooMany: 'Tej pozycji nie można zwrócić w takiej ilości: część została już zwrócona.',
  refundNothingChosen: 'Wybierz pozycje lub koszt dostawy do zwrotu.',
  refundShippingDone: 'Koszt dostawy tego zamówienia został już zwrócony.',
  refundNotPaid:
    'Zamówienie nie jest opłacone: nie ma czego zwracać. Zamówienie za pobraniem oznacz najpierw jako opłacone.',
  refundBankAccountRequired: 'Podaj numer rachunku kupującego: zwrot za pobranie to przelew na jego konto.',
  refundInProgress: 'Zwrot do tego zgłoszenia jest już zlecony.',
  refundAwaitsResend:
    'PayU nie potwierdził zwrotu. Zwrot czeka w zamówieniu jako „Zlecany”: wyślij go ponownie przyciskiem „Ponów wysłanie” w zwrotach pieniędzy zamówienia.',
  refundNotFound: 'Nie znaleziono tego zwrotu.',
  refundNotStuck: 'Ten zwrot nie czeka na ponowne wysłanie. Odśwież zamówienie.',
  refundResendBusy: 'Ten zwrot jest właśnie wysyłany do PayU. Odśwież zamówienie za chwilę.',
  complaintReductionAmountRequired: 'Podaj kwotę obniżenia ceny do zwrotu.',
  panelOrderLineInvalid: 'Nieprawidłowa pozycja zamówienia.',
  panelOrderCorrectionRefused: 'Zamówienia o statusie „{status}” albo już wysłanego nie można poprawić.',
  panelOrderLinesPaid:
    'Zamówienie opłacone albo płatne online: można zmienić tylko rozmiar. Mniej sztuk to zwrot pieniędzy.',
  panelOrderLinesInvoiced:
    'Do zamówienia wystawiono fakturę: pozycje poprawia się zwrotem i korektą faktury.',
  panelOrderLinesMore: 'Poprawka nie może zwiększyć liczby sztuk.',
  panelOrderLinesEmpty:
    'Zamówienie musi mieć co najmniej jedną pozycję. Całe zamówienie anulujesz zmianą statusu.',
  panelOrderLinesWithdrawn:
    'Od tej pozycji kupujący odstąpił: zostaje bez zmian, a jej zwrot prowadzisz w „Zwrotach”.',
  panelOrderSizeInvalid: 'Ten produkt nie ma takiego rozmiaru.',
  panelOrderVariantPriceDiffers:
    'Ten wariant ma inną cenę niż zamówiony: przyjmij zwrot i złóż nowe zamówienie zamiast zmiany.',
  refundAllDone: 'Całe zamówienie zostało już zwrócone.',
  refundGiftCardSpent:
    'Karta podarunkowa z tego zamówienia została już użyta lub zablokowana: zwrot za nią nie jest możliwy. Możesz zwrócić pozostałe pozycje.',
  refundAllPending:
    'Na resztę kwoty jest już zlecony zwrot, który czeka na potwierdzenie PayU: zobacz listę zwrotów poniżej.',
  // A new payment for an unpaid order
  paymentRetryPaid: 'To zamówienie jest już opłacone.',
  paymentRetryExpired:
    'Czas na opłacenie zamówienia minął i zostało ono anulowane. Złóż zamówienie ponownie.',
  paymentRetryCancelled: 'To zamówienie zostało anulowane. Złóż zamówienie ponownie.',
  paymentRetryNotOnline: 'To zamówienie nie jest płatne online.',
  // orders: quantity limits, held cash-on-delivery orders, orders per hour ({ile}, {produkt}, {numer} filled in)
  quantityAboveLineLimit: 'Produktu „{produkt}” można zamówić najwyżej {ile} szt. w jednym zamówieniu.',
  quantityAboveOrderLimit:
    'Jedno zamówienie może mieć najwyżej {ile} szt. produktów. Zmniejsz ilość w koszyku.',
  // a per-customer limit (one buyer: account, e-mail or delivery address, all orders not cancelled)
  quantityAboveCustomerLimit:
    'Produktu „{produkt}” jedna osoba może kupić najwyżej {limit} szt. we wszystkich zamówieniach. Możesz jeszcze kupić {ile} szt.: zmniejsz ilość w koszyku.',
  customerLimitReached:
    'Produktu „{produkt}” jedna osoba może kupić najwyżej {limit} szt. we wszystkich zamówieniach i ten limit został już wykorzystany (na ten adres e-mail, konto lub adres dostawy).',
  panelProductCustomerLimitInvalid:
    'Limit sztuk na osobę: liczba całkowita od 1 do 10 000 albo puste (bez limitu).',
  tooManyOrdersFromEmail:
    'Z tego adresu e-mail złożono w ciągu ostatniej godziny zbyt wiele zamówień. Spróbuj ponownie później.',
  tooManyOrdersFromIp:
    'Z Twojego adresu sieciowego złożono w ciągu ostatniej godziny zbyt wiele zamówień. Spróbuj ponownie później.',
  orderConfirmed: 'Zamówienie {numer} zostało potwierdzone. Sklep przekaże je do realizacji.',
  orderConfirmLinkInvalid: 'Link potwierdzający zamówienie jest nieprawidłowy.',
  orderConfirmLinkUsed: 'Ten link został już użyty: zamówienie {numer} jest już potwierdzone.',
  orderConfirmLinkExpired:
    'Link wygasł: zamówienie {numer} zostało anulowane, a produkty wróciły do sklepu. Jeśli nadal chcesz je kupić, złóż zamówienie ponownie.',
  orderHeldNotice:
    'Wysłaliśmy Ci e-mail z linkiem potwierdzającym. Kliknij go do {termin}: bez potwierdzenia zamówienie zostanie anulowane, a sklep go nie wyśle.',
  orderHeldLabel: 'Czeka na potwierdzenie przez kupującego',
  historyBuyerConfirmed: 'Kupujący potwierdził zamówienie linkiem z e-maila',
  historyConfirmationExpired:
    'Brak potwierdzenia przez kupującego w terminie: zamówienie anulowane, produkty wróciły na magazyn',
  settingsLinePiecesInvalid: 'Limit sztuk na pozycję koszyka: liczba całkowita od 1 do 10 000.',
  settingsOrderPiecesInvalid: 'Limit sztuk w zamówieniu: liczba całkowita od 1 do 10 000.',
  settingsCodConfirmationInvalid:
    'Próg potwierdzenia: kwota w złotych od 0 do 1 000 000 (najwyżej dwa miejsca po przecinku) albo puste.',
  settingsOrdersPerHourInvalid: 'Liczba zamówień na godzinę: liczba całkowita od 1 do 10 000.',
  panelProductLineLimitInvalid:
    'Limit sztuk na pozycję: liczba całkowita od 1 do 10 000 albo puste (obowiązuje limit sklepu).',
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
  // storefront pages while the database is away (503): the page's heading; its text is databaseUnavailable
  shopUnavailableTitle: 'Chwilowa przerwa w działaniu sklepu',
  shuttingDown: 'Serwer jest właśnie uruchamiany ponownie. Spróbuj ponownie za chwilę.',
  // orders and mail (F) ({numer} is the order number)
  onlinePaymentUnavailable:
    'Płatność online jest w tym sklepie chwilowo niedostępna. Wybierz płatność przy odbiorze lub skontaktuj się ze sklepem.',
  orderCancelledOrderAgain:
    'Zamówienie {numer} z tego koszyka zostało anulowane, bo nie zostało opłacone, a produkty wróciły do sklepu. Dodaj je ponownie do koszyka i złóż nowe zamówienie.',
  // panel: auth, audit, categories
  panelOwnerOnly: 'Tę operację może wykonać tylko właściciel sklepu.',
  categoryNotFound: 'Nie znaleziono kategorii.',
  sizeGuideColumns: 'Tabela rozmiarów ma od 2 do 6 kolumn.',
  sizeGuideRows: 'Tabela rozmiarów ma od 1 do 20 wierszy.',
  sizeGuideHeading: 'Wpisz nagłówek kolumny.',
  sizeGuideCell: 'Komórka tabeli rozmiarów musi być tekstem.',
  sizeGuideCellTooLong: 'Komórka tabeli rozmiarów może mieć najwyżej 40 znaków.',
  sizeGuideRowWidth: 'Każdy wiersz tabeli rozmiarów ma tyle komórek, ile jest kolumn.',
  sizeGuideRowEmpty: 'Wiersz tabeli rozmiarów jest pusty: wypełnij go albo usuń.',
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
  // Staff identity: invitations, the panel's own password reset and login lock.
  staffInviteResent: 'Wysłano nowe zaproszenie. Poprzedni link przestał działać.',
  staffAlreadyActive: 'To konto jest już aktywne: zaproszenie nie jest potrzebne.',
  panelInviteInvalid:
    'Zaproszenie jest nieprawidłowe, wygasło lub zostało już wykorzystane. Poproś właściciela sklepu o nowe.',
  panelResetInvalid:
    'Link do ustawienia hasła jest nieprawidłowy, wygasł lub został już użyty. Poproś o nowy na ekranie logowania.',
  panelResetSent:
    'Jeśli to adres konta w panelu tego sklepu, wysłaliśmy na niego link do ustawienia nowego hasła. Link jest ważny 2 godziny.',
  panelLoginLocked:
    'Logowanie do panelu zostało zablokowane po wielu nieudanych próbach. Poczekaj albo ustaw nowe hasło przez link „Nie pamiętasz hasła?”.',
  serverBusy: 'Serwer jest chwilowo przeciążony. Spróbuj ponownie za kilka sekund.',
  invalidRole: 'Nieprawidłowa rola (dozwolone: owner, manager).',
  invalidSort: 'Nieprawidłowe sortowanie.',
  // panel: orders, customers, dashboard ({z}, {na} are status names)
  panelInvalidDate: 'Nieprawidłowa data (użyj formatu RRRR-MM-DD).',
  panelInvalidStatus: 'Nieprawidłowy status zamówienia.',
  panelInvalidPaymentState: 'Nieprawidłowy stan płatności.',
  orderNotFound: 'Nie znaleziono zamówienia.',
  panelInvalidCarrier: 'Wybierz przewoźnika z listy.',
  panelInvalidTrackingNumber: 'Numer przesyłki to 6–40 liter, cyfr lub myślników.',
  panelMarkPaidRefused:
    'Jako opłacone można oznaczyć tylko nieopłacone, nieanulowane zamówienie za pobraniem.',
  panelNoteRequired: 'Wpisz treść notatki.',
  panelShipmentRefused: 'Nie można wysłać zamówienia o statusie „{status}”.',
  // invoices (faktura VAT, korekta, eksport)
  invoiceNotFound: 'Nie znaleziono faktury.',
  invoiceNoSeller:
    'Sklep nie uzupełnił danych sprzedawcy (nazwa, adres, NIP): faktury nie można jeszcze wystawić.',
  invoiceCorrectionOfCorrection: 'Korygować można tylko fakturę VAT, nie korektę.',
  invoiceNotYet: 'Fakturę można wystawić po opłaceniu zamówienia albo dla zamówienia za pobraniem.',
  invoiceAlreadyIssued: 'Faktura do tego zamówienia została już wystawiona.',
  invoicePeriodRequired: 'Podaj okres: daty od i do (RRRR-MM-DD), od nie później niż do.',
  // Gift cards on invoices (decision 154): a card is invoiced when it is spent
  invoiceGiftCardsOnly:
    'Za kartę podarunkową nie wystawiamy faktury przy zakupie: fakturę wystawia się za zamówienie, w którym kartą zapłacono.',
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
  // panel: products
  panelProductNotFound: 'Nie znaleziono produktu.',
  panelProductNameRequired: 'Wpisz nazwę produktu.',
  panelProductPriceInvalid:
    'Podaj cenę brutto w złotych (od 0 do 1 000 000, najwyżej dwa miejsca po przecinku).',
  panelProductPriceZero: 'Cena musi być wyższa niż 0 zł. Zaznacz „Bezpłatny”, jeśli produkt ma być za darmo.',
  panelProductFreeWithPrice: 'Produkt bezpłatny ma cenę 0 zł: wpisz 0 albo odznacz „Bezpłatny”.',
  panelProductStockInvalid: 'Stan magazynowy musi być liczbą całkowitą od 0 do 1 000 000.',
  panelProductParameterNameRequired: 'Wpisz nazwę parametru.',
  panelProductParameterDuplicate: 'Parametry produktu muszą mieć różne nazwy.',
  panelProductParameterNotFound: 'Parametr nie należy do tego produktu.',
  panelProductTooManyParameters: 'Produkt może mieć najwyżej 100 parametrów (wariantów).',
  panelProductTooManyOptions: 'Produkt może mieć najwyżej 3 opcje (np. Rozmiar, Kolor, Wersja).',
  panelProductOptionNameRequired: 'Wpisz nazwę opcji (np. Rozmiar).',
  panelProductOptionDuplicate: 'Opcje produktu muszą mieć różne nazwy.',
  panelProductOptionValuesRequired: 'Wpisz co najmniej jedną wartość opcji.',
  panelProductOptionValueRequired: 'Wpisz wartość opcji (np. M).',
  panelProductOptionValueDuplicate: 'Wartości jednej opcji muszą być różne.',
  panelProductTooManyOptionValues: 'Opcja może mieć najwyżej 30 wartości.',
  panelProductVariantValues: 'Każdy wariant musi mieć po jednej wartości każdej opcji produktu.',
  panelProductVariantDuplicate: 'Każda kombinacja opcji może wystąpić tylko raz.',
  panelProductSkuInvalid:
    'SKU to najwyżej 64 znaki: litery bez polskich znaków, cyfry, kropka, myślnik i podkreślenie.',
  panelProductVariantPriceInvalid:
    'Cena wariantu to kwota brutto w złotych powyżej 0 zł (najwyżej dwa miejsca po przecinku) albo puste pole: cena produktu.',
  panelProductInvalidStatus: 'Nieprawidłowy status produktu (dozwolone: draft, active, hidden, archived).',
  panelProductInvalidStatusChange:
    'Nieprawidłowy status produktu (dozwolone: active, hidden, archived; opublikowany produkt nie wraca do szkiców).',
  panelProductInvalidStockFilter: 'Nieprawidłowy filtr stanu (dozwolone: in, low, out).',
  // panel: photos
  photoVariantInvalid:
    'Zdjęcie można pokazać przy wartości jednej z opcji produktu (np. przy kolorze) albo przy wszystkich wariantach.',
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
  // image uploads: limits, the processing queue, the media storage
  imageSideTooLong:
    'Obraz „{plik}” ma za długi bok ({szerokosc} × {wysokosc} px). Każdy bok może mieć najwyżej {px} px.',
  imageTooElongated:
    'Obraz „{plik}” jest zbyt wydłużony ({szerokosc} × {wysokosc} px). Dłuższy bok może być najwyżej {ile} razy dłuższy od krótszego.',
  imagesBusy: 'Serwer przetwarza teraz zbyt wiele obrazów. Spróbuj ponownie za chwilę.',
  mediaStorageUnavailable: 'Zdjęcia i pliki sklepu są chwilowo niedostępne. Spróbuj ponownie za chwilę.',
  // panel: banners, menus, social links, sub-pages
  imageNotMultipart: 'Prześlij obraz jako formularz (multipart/form-data) w polu „{pole}”.',
  imageStorageFailed: 'Nie udało się zapisać obrazu. Spróbuj ponownie za chwilę.',
  colourInvalid: 'Podaj kolor w formacie #RRGGBB (np. #ffffff).',
  contentLinkInvalid:
    'Podaj adres strony sklepu zaczynający się od „/” (np. /produkty) albo pełny adres zaczynający się od https://.',
  bannerHeightInvalid: 'Wysokość banera musi być liczbą całkowitą od {od} do {do} pikseli.',
  bannerSlideNotFound: 'Nie znaleziono slajdu banera.',
  bannerSlideOrderMismatch: 'Podaj wszystkie slajdy banera, każdy raz.',
  bannerSlideLimit: 'Baner może mieć najwyżej {ile} slajdów. Usuń któryś, zanim dodasz nowy.',
  bannerDesktopImageRequired: 'Wybierz obraz slajdu dla komputerów (pole „Plik”).',
  bannerBgOpacityInvalid: 'Przezroczystość tła tekstu: dozwolone wartości 10, 20, 30, 40 i 50.',
  bannerMaskOpacityInvalid: 'Przezroczystość maski: dozwolone wartości 20, 40, 60 i 80.',
  bannerTextPositionInvalid: 'Położenie tekstu: dozwolone wartości 10, 20 i 30.',
  menuNotFound: 'Nie ma takiego menu (dozwolone: 10 główne, 20 boczne, 30 w stopce).',
  menuItemNotFound: 'Nie znaleziono pozycji menu.',
  menuParentNotFound: 'Nie znaleziono pozycji nadrzędnej w tym menu.',
  menuCycle: 'Nie można przenieść pozycji menu do niej samej ani do jej pozycji podrzędnych.',
  menuTooDeep: 'Menu może mieć najwyżej {ile} poziomy.',
  menuTooManyItems: 'Menu może mieć najwyżej {ile} pozycji.',
  menuOrderMismatch: 'Podaj wszystkie pozycje tego poziomu menu, każdą raz.',
  menuTitleRequired: 'Wpisz tytuł pozycji menu.',
  menuUrlRequired: 'Wybierz stronę sklepu albo wpisz adres zewnętrzny.',
  socialKindInvalid: 'Nieznany serwis (dozwolone: 1 Facebook, 2 TikTok, 3 Instagram, 4 YouTube, 5 X).',
  socialKindDuplicate: 'Każdy serwis można podać tylko raz.',
  socialUrlInvalid: 'Podaj pełny adres profilu zaczynający się od https://.',
  socialUrlWrongSite: 'Ten adres nie prowadzi do serwisu {serwis}.',
  pageSlugRequired: 'Wpisz adres strony (np. o-klubie).',
  pageSlugInvalid:
    'Adres strony może zawierać tylko małe litery bez polskich znaków, cyfry i pojedyncze myślniki (np. o-klubie).',
  pageSlugReserved: 'Adres „/{slug}” należy do strony sklepu. Wybierz inny.',
  pageSlugTaken: 'Strona o adresie „/{slug}” już istnieje. Wybierz inny adres.',
  pageTitleRequired: 'Wpisz tytuł strony.',
  pageParentNotFound: 'Nie znaleziono strony nadrzędnej.',
  pageParentCycle: 'Strona nie może być nadrzędna dla samej siebie ani dla swojej podstrony.',
  pageHasSubpages: 'Nie można usunąć strony, która ma podstrony. Najpierw usuń je albo przenieś.',
  pageLinkedInMenu: 'Strona jest podlinkowana w menu ({pozycje}). Najpierw usuń lub zmień te pozycje menu.',
  pageSpecialDelete:
    'Tego tekstu nie można usunąć: sklep wyświetla go w stopce lub na stronie kontaktu. Możesz zmienić jego treść.',
  pageSpecialSlug: 'Adresu tego tekstu nie można zmienić: sklep szuka go pod stałym adresem.',
  pageParamKeyInvalid: 'Klucz parametru może zawierać tylko małe litery, cyfry i myślniki (np. kontakt).',
  pageParamDuplicate: 'Każdy parametr strony można podać tylko raz.',
  pageTooManyParams: 'Strona może mieć najwyżej {ile} parametrów.',
  // panel: settings, seller data, shipping, payments
  invalidNip: 'Nieprawidłowy NIP: 10 cyfr z poprawną cyfrą kontrolną.',
  invalidRegon: 'Nieprawidłowy REGON: 9 lub 14 cyfr z poprawną cyfrą kontrolną.',
  invalidKrs: 'Nieprawidłowy numer KRS: 10 cyfr.',
  invalidBankAccount: 'Nieprawidłowy numer rachunku: 26 cyfr, np. PL61 1090 1014 0000 0712 1981 2874.',
  invalidPostcode: 'Kod pocztowy w formacie 00-000.',
  settingsShopNameRequired: 'Wpisz nazwę sklepu.',
  productContactInvalid: 'Podaj adres e-mail albo adres strony (https://…) albo zostaw pole puste.',
  productGtinInvalid: 'Kod EAN/GTIN to 8, 12, 13 albo 14 cyfr z poprawną cyfrą kontrolną.',
  productVatRateInvalid: 'Wybierz stawkę VAT: 23%, 8%, 5%, 0% albo zw.',
  settingsUrlInvalid: 'Podaj adres zaczynający się od https:// albo zostaw pole puste.',
  settingsContactFieldInvalid:
    'Nieznane pole formularza (dozwolone: 10 imię, 20 nazwisko, 40 e-mail, 50 telefon).',
  settingsRequiredNotEnabled: 'Pole wymagane musi być też włączone w formularzu.',
  settingsFreeShippingInvalid:
    'Próg darmowej dostawy: kwota w złotych od 0 do 1 000 000 (najwyżej dwa miejsca po przecinku) albo puste.',
  domainInvalid: 'Nieprawidłowa domena: podaj samą nazwę, np. sklep.klub.pl (bez http://, portu i ścieżki).',
  domainTaken: 'Domena „{domena}” należy już do innego klubu.',
  domainAlreadyAdded: 'Ta domena jest już dodana.',
  domainNotFound: 'Nie znaleziono domeny.',
  // domains: proof of ownership before the shop answers on a domain
  domainClaimPending: 'Ta domena jest już dodana i czeka na potwierdzenie.',
  domainClaimsTooMany:
    'Najwyżej {ile} domeny mogą czekać na potwierdzenie. Potwierdź albo usuń którąś z nich.',
  domainProofMissing:
    'Nie znaleźliśmy potwierdzenia domeny {domena}: ani rekordu TXT {rekord} z kodem weryfikacyjnym, ani pliku {plik} z tym kodem. Zmiany w DNS mogą potrzebować nawet kilku godzin; spróbuj później.',
  domainProofPrivate:
    'Domena {domena} wskazuje na adres w sieci prywatnej lub lokalnej, więc sklep nie pobierze z niej pliku. Potwierdź ją rekordem TXT {rekord}.',
  logoNotMultipart: 'Prześlij logo jako formularz (multipart/form-data) w polu „Plik”.',
  logoStorageFailed: 'Nie udało się zapisać logo. Spróbuj ponownie za chwilę.',
  shippingNameRequired: 'Wpisz nazwę sposobu dostawy.',
  shippingPriceInvalid: 'Podaj cenę dostawy w złotych (od 0 do 10 000, najwyżej dwa miejsca po przecinku).',
  shippingNotFound: 'Nie znaleziono sposobu dostawy.',
  shippingOrderMismatch: 'Podaj wszystkie sposoby dostawy, każdy raz.',
  shippingTooMany: 'Sklep może mieć najwyżej {ile} sposobów dostawy.',
  shippingInUse: 'Tego sposobu dostawy użyto w zamówieniach ({ile}). Wyłącz go zamiast usuwać.',
  payuPosIdInvalid: 'Podaj identyfikator punktu płatności (POS ID): same cyfry, najwyżej 20.',
  payuClientIdInvalid: 'Podaj client_id z panelu PayU: litery, cyfry, „-”, „_” lub „.”, najwyżej 64 znaki.',
  payuKeyInvalid: 'Klucz PayU: od 8 do 128 znaków, litery, cyfry, „-” i „_”.',
  payuSecretsRequired: 'Przy pierwszej konfiguracji podaj client secret i drugi klucz (MD5).',
  payuNotConfigured: 'PayU nie jest skonfigurowane dla tego sklepu.',
  payuTestOk: 'Połączenie z PayU działa: PayU wydało token dostępu.',
  payuTestRefused:
    'PayU odrzuciło dane logowania: sprawdź client_id i client secret oraz tryb (sandbox czy produkcja).',
  payuTestUnreachable: 'Nie udało się połączyć z PayU. Spróbuj ponownie za chwilę.',
  secretsKeyMissing:
    'Serwer nie ma klucza do szyfrowania (SECRETS_KEY), więc nie może zapisać kluczy PayU. Skontaktuj się z administratorem.',
  // panel: inbox
  panelInboxMessageNotFound: 'Nie znaleziono wiadomości.',
  panelInboxAccreditationNotFound: 'Nie znaleziono wniosku akredytacyjnego.',
  panelInboxStateEmpty: 'Podaj, co zmienić: Przeczytana albo Zalatwiona.',
  panelInboxStateConflict: 'Załatwiona wiadomość jest też przeczytana.',
  complaintIllegalStep: 'Tego kroku nie można wykonać w obecnym stanie reklamacji.',
  complaintReasonRequired: 'Podaj powód odrzucenia reklamacji — kupujący musi go poznać.',
  complaintReasonTooLong: 'Powód może mieć najwyżej 2000 znaków.',
  complaintLinesRequired: 'Wybierz co najmniej jedną pozycję zamówienia, której dotyczy reklamacja.',
  complaintDescriptionRequired: 'Opisz, co jest nie tak z towarem.',
  complaintDescriptionTooShort: 'Opis jest za krótki — napisz co najmniej 10 znaków.',
  complaintDescriptionTooLong: 'Opis może mieć najwyżej 2000 znaków.',
  complaintRequestRequired:
    'Wybierz, czego żądasz: naprawy, wymiany, obniżenia ceny albo odstąpienia od umowy.',
  complaintLineNotInOrder: 'Wybrana pozycja nie należy do tego zamówienia.',
  complaintTooManyPhotos: 'Możesz dołączyć najwyżej 4 zdjęcia.',
  complaintNotMultipart: 'Wyślij reklamację jako formularz (multipart/form-data), zdjęcia w polu Zdjecia.',
  complaintNotFound: 'Nie znaleziono reklamacji.',
  complaintReplacementSoldOut:
    'Nie ma na magazynie „{produkt}” do wymiany. Uzupełnij stan albo zaproponuj kupującemu naprawę, obniżenie ceny lub zwrot pieniędzy.',
  complaintReplacementGone:
    'Produktu „{produkt}” nie ma już w sklepie, więc nie można go wymienić. Zaproponuj kupującemu naprawę, obniżenie ceny lub zwrot pieniędzy.',
  panelInboxInvalidState: 'Nieprawidłowy filtr (dozwolone: nieprzeczytane, niezalatwione, zalatwione).',
  panelInboxReplyMessage: 'Odpowiedź na wiadomość do sklepu {sklep}',
  panelInboxReplyAccreditation: 'Odp.: wniosek o akredytację – {wydarzenie}',
  // withdrawal from the contract (issue 28)
  withdrawalLinkInvalid:
    'Link do odstąpienia od umowy jest nieprawidłowy. Użyj linku z e-maila z zamówieniem.',
  withdrawalLinkExpired: 'Link do odstąpienia od umowy wygasł, bo minął termin na odstąpienie od umowy.',
  withdrawalClosed: 'Termin na odstąpienie od tej umowy minął.',
  withdrawalCancelled: 'Zamówienie zostało anulowane: nie ma umowy, od której można odstąpić.',
  withdrawalNoLines: 'Wybierz co najmniej jeden produkt, od którego zakupu odstępujesz.',
  withdrawalLineInvalid: 'Nie znaleziono tej pozycji w zamówieniu.',
  withdrawalQuantityInvalid: 'Podaj liczbę sztuk od 1 do liczby zamówionych.',
  withdrawalLineExempt: 'Od zakupu „{produkt}” nie można odstąpić: {powod}',
  withdrawalTooMany:
    'Od zakupu „{produkt}” można odstąpić najwyżej dla {ile} szt. (pozostałe już objęto odstąpieniem).',
  settingsColourInvalid: 'Podaj kolor w zapisie #rrggbb, np. #1a4d8f.',
  settingsWithdrawalDaysInvalid: 'Liczba dni na odstąpienie od umowy: od 14 (ustawowe minimum) do 365.',
  panelReturnNotFound: 'Nie znaleziono zwrotu.',
  panelReturnStateInvalid: 'Nieprawidłowy stan zwrotu.',
  panelReturnRejectReasonRequired: 'Podaj powód odrzucenia zwrotu.',
  panelReturnTransitionRefused: 'Zwrotu w stanie „{z}” nie można zmienić na „{na}”.',
  // size exchange: a return plus a new order at the same price, nothing to pay
  exchangeNoSizes:
    'Brak innego rozmiaru tego produktu w tej samej cenie i na stanie: możliwy jest tylko zwrot pieniędzy.',
  exchangeNoParameter: 'Ten produkt nie ma rozmiarów: możliwy jest tylko zwrot pieniędzy.',
  exchangeSizeInvalid: 'Wybierz inny rozmiar tego samego produktu, dostępny w tej samej cenie.',
  exchangeSizeSoldOut:
    'Rozmiar {rozmiar} produktu „{produkt}” jest już wyprzedany. Wymiana nie jest możliwa: zwróć kupującemu pieniądze.',
  exchangePriceChanged:
    'Cena produktu „{produkt}” zmieniła się od zakupu: wymiana jest możliwa tylko w tej samej cenie. Zwróć kupującemu pieniądze.',
  exchangeNothingRequested: 'W tym zwrocie nikt nie prosił o wymianę rozmiaru.',
  exchangeAlreadyDone: 'Wymiana do tego zwrotu została już wysłana (zamówienie {numer}).',
  exchangeLineNotFound: 'Nie znaleziono tej pozycji zwrotu.',
  exchangeLineLocked: 'Wymianę można zmienić tylko przed wysłaniem wymiany i zwrotem pieniędzy.',
  // name-and-number printing (decision 143)
  printingNotOffered: 'Ten produkt nie ma nadruku.',
  printingGone:
    'Produkt „{produkt}” nie ma już nadruku. Usuń z koszyka pozycję z nadrukiem i dodaj ją bez niego.',
  printingEmpty: 'Wpisz nazwisko albo numer do nadruku albo wybierz zawodnika.',
  printingCharacters:
    'Nadruk może zawierać tylko wielkie litery A–Z i polskie (ĄĆĘŁŃÓŚŹŻ), spację i łącznik, zaczynać się i kończyć literą.',
  printingTooLong: 'Nazwisko do nadruku może mieć najwyżej {liczba} znaków.',
  printingNumber: 'Numer do nadruku to liczba od 1 do 99.',
  printingPlayerNotFound: 'Nie znaleziono tego zawodnika w kadrze klubu.',
  printingPriceInvalid: 'Cena nadruku to kwota od 0 do 500 zł, najwyżej z groszami.',
  printingMaxLetters: 'Maksymalna liczba znaków nazwiska to od 1 do 16.',
  squadTooMany: 'Kadra może liczyć najwyżej 60 zawodników.',
  squadNumberTaken: 'Numer {numer} ma już inny zawodnik w kadrze.',
  printQueueLineNotFound: 'Nie znaleziono tej pozycji z nadrukiem.',
  // pre-orders (decision 144)
  preorderCapReached: 'Przedsprzedaż produktu „{produkt}” jest wyczerpana (zostało {zostalo} szt.).',
  preorderDateFuture: 'Data wysyłki przedsprzedaży musi być w przyszłości.',
  preorderCapRange: 'Limit przedsprzedaży musi być liczbą całkowitą od 1 do 100000.',
  preorderLineSizeLocked: 'Pozycji z przedsprzedaży nie można zmienić na inny rozmiar.',
  preorderVariantNotFound: 'Nie znaleziono tego wariantu.',
  // Back-in-stock alerts ("Powiadom mnie", decision 146)
  stockAlertConsentRequired: 'Zaznacz zgodę, abyśmy mogli napisać do Ciebie, gdy produkt wróci.',
  stockAlertSaved:
    'Gotowe. Gdy ten produkt wróci do sprzedaży, wyślemy jedną wiadomość na podany adres. Jeśli adres był już zapisany, nic się nie zmienia.',
  stockAlertNotSoldOut: 'Ten produkt jest dostępny: możesz go kupić od razu.',
  stockAlertChooseVariant: 'Wybierz wariant, o którego powrocie mamy Cię powiadomić.',
  stockAlertUnsubscribed: 'Wypisaliśmy ten adres: nie wyślemy powiadomienia o tym produkcie.',
  stockAlertNotFound: 'Nie znaleziono takiego powiadomienia. Link mógł zostać skopiowany z błędem.',
  settingsStockAlertFactorInvalid: 'Mnożnik powiadomień musi być liczbą całkowitą od 1 do 20.',
  // Promotions and discount codes (issue 30; {kwota} is filled in with formatGrosze)
  promoCodeUnknown: 'Nie ma takiego kodu rabatowego.',
  promoCodeNotStarted: 'Kod rabatowy nie jest jeszcze aktywny.',
  promoCodeExpired: 'Kod rabatowy wygasł.',
  promoCodePaused: 'Kod rabatowy jest obecnie nieaktywny.',
  promoCodeLimitReached: 'Kod rabatowy został już wykorzystany.',
  promoCodeNotForCustomer: 'Kod rabatowy nie jest dostępny dla Twojego konta.',
  promoCodeNotApplicable: 'Kod rabatowy nie obejmuje produktów w koszyku.',
  promoCodeMinimum: 'Minimalna wartość koszyka dla tego kodu to {kwota}.',
  promoCodeNotCombinable:
    'Kod rabatowy nie łączy się z innymi promocjami, a promocje w koszyku są dla Ciebie korzystniejsze.',
  promoFreeShipping: 'Darmowa dostawa',
  orderPromotionEnded:
    'Promocja „{nazwa}” właśnie się zakończyła lub wyczerpał się jej limit. Sprawdź koszyk i złóż zamówienie ponownie.',
  orderPromotionCodeUsed:
    'Kod rabatowy {kod} został właśnie wykorzystany. Usuń go z koszyka, aby złożyć zamówienie bez rabatu.',
  orderPromotionCodeRefused: '{powod} Usuń kod z koszyka, aby złożyć zamówienie bez rabatu.',
  cartCodeRequired: 'Wpisz kod rabatowy.',
  promoCustomerLimitReached: 'Ten kod rabatowy został już przez Ciebie wykorzystany.',
  // Gift cards (decision 154)
  giftCardCodeRequired: 'Wpisz kod karty podarunkowej.',
  giftCardUnknown: 'Nie ma takiej karty podarunkowej. Sprawdź kod w e-mailu z kartą.',
  giftCardExpired: 'Karta podarunkowa straciła ważność.',
  giftCardUsedUp: 'Na karcie podarunkowej nie zostały już środki.',
  giftCardDisabled: 'Karta podarunkowa została zablokowana przez sklep.',
  giftCardForGiftCards: 'Karty podarunkowej nie można wykorzystać na zakup innych kart podarunkowych.',
  orderGiftCardRefused: '{powod} Usuń kartę z koszyka, aby złożyć zamówienie bez niej.',
  orderGiftCardOnline: 'Kartę podarunkową można opłacić tylko online. Wybierz płatność PayU.',
  orderGiftCardShipping:
    'Karty podarunkowe wysyłamy e-mailem: wybierz dostawę e-mailem albo zamów je osobno od innych produktów.',
  orderElectronicShipping: 'Dostawa e-mailem jest tylko dla zamówień samych kart podarunkowych.',
  giftCardPaid: 'Karta podarunkowa {koncowka}',
  giftCardRestCharged: 'Zamówienie {numer}: do zapłaty po karcie podarunkowej',
  // storefront: short badges of automatic promotions that are not a price cut of one piece
  promoBadgeBuyGet: '{razem} w cenie {placisz}',
  promoBadgeBundle: 'Taniej w zestawie',
  promoBadgeFreeShippingFrom: 'Darmowa dostawa od {kwota}',
  promoBadgeOffFrom: '−{rabat} przy zakupach od {kwota}',
  // panel: promotions and their codes (decision 150)
  promoNotFound: 'Nie znaleziono promocji.',
  promoNameRequired: 'Wpisz nazwę promocji.',
  promoKindInvalid: 'Wybierz rodzaj promocji.',
  promoPercentInvalid: 'Podaj procent rabatu od 0,01 do 100 (najwyżej dwa miejsca po przecinku).',
  promoAmountInvalid: 'Podaj kwotę rabatu w złotych, większą od zera (najwyżej dwa miejsca po przecinku).',
  promoMinimumInvalid: 'Podaj minimalną wartość koszyka w złotych (od 0, najwyżej dwa miejsca po przecinku).',
  promoBuyGetInvalid: 'Podaj, ile sztuk trzeba kupić i ile jest gratis (liczby całkowite od 1 do 100).',
  promoBundleInvalid:
    'Zestaw musi mieć od 2 do 10 składników, każdy z wybraną kategorią, produktem lub wariantem.',
  promoBundlePriceInvalid:
    'Podaj cenę zestawu w złotych, większą od zera (najwyżej dwa miejsca po przecinku).',
  promoBundleOverlap:
    'Składniki zestawu nie mogą się pokrywać: ta sama kategoria, produkt lub wariant jest w dwóch.',
  promoScopeInvalid:
    'Wybierz, czego dotyczy promocja: cały koszyk albo co najmniej jedna kategoria, produkt lub wariant.',
  promoScopeUnknown: 'Nie znaleziono części wybranych kategorii, produktów lub wariantów.',
  promoDateInvalid: 'Podaj datę i godzinę czasu polskiego w formacie RRRR-MM-DDTGG:MM.',
  promoEndsBeforeStart: 'Koniec promocji musi być późniejszy niż jej początek.',
  promoLimitInvalid: 'Limit użyć musi być liczbą całkowitą od 1 do 1 000 000.',
  promoCustomerLimitInvalid: 'Limit użyć na klienta musi być liczbą całkowitą od 1 do 1000.',
  promoLimitBelowUsed: 'Limit nie może być mniejszy niż liczba dotychczasowych użyć ({ile}).',
  promoCodeFormat: 'Kod może zawierać tylko litery A-Z, cyfry i myślnik, od 3 do 32 znaków.',
  promoCodeTaken: 'Kod {kod} jest już używany w promocji tego sklepu.',
  promoCodeOrBatch: 'Podaj jeden kod albo pulę kodów jednorazowych, nie oba naraz.',
  promoBatchSizeInvalid: 'Liczba kodów jednorazowych musi wynosić od 1 do 5000.',
  promoBatchPrefixInvalid:
    'Przedrostek kodów może zawierać tylko litery A-Z, cyfry i myślnik, od 1 do 16 znaków.',
  promoClubCodesLimit: 'Sklep może mieć najwyżej {ile} kodów rabatowych.',
  promoEnded: 'Promocja została zakończona: nie można jej już zmienić ani wznowić.',
  promoGroupsInvalid: 'Wybierz najwyżej 50 różnych grup klientów.',
  promoGroupsUnknown: 'Nie znaleziono części wybranych grup klientów.',
  // Customer groups (member prices)
  groupNotFound: 'Nie znaleziono grupy klientów.',
  groupNameRequired: 'Wpisz nazwę grupy (najwyżej 100 znaków).',
  groupEndsBeforeStart: 'Koniec ważności grupy musi być późniejszy niż jej początek.',
  groupAccountInvalid: 'Podaj adresy e-mail kont klientów.',
  groupAccountUnknown: 'Sklep nie ma konta klienta z adresem {email}.',
  groupTooManyAccounts: 'Grupa może mieć najwyżej 1000 kont.',
  groupDomainInvalid: 'Podaj domenę adresów e-mail, np. sponsor.pl.',
  groupDomainPublic:
    'Domena ogólnodostępnej poczty (np. gmail.com, wp.pl) dałaby cenę każdemu: podaj domenę firmy lub klubu.',
  groupTooManyDomains: 'Grupa może mieć najwyżej 50 domen.',
  groupDuplicate: 'Każde konto i każdą domenę podaj tylko raz.',
  groupInUse:
    'Grupę „{nazwa}” mają promocje: {promocje}. Zakończ je albo usuń z nich grupę, zanim usuniesz grupę.',
  promoStatsDateInvalid: 'Podaj datę w formacie RRRR-MM-DD, np. 2026-11-30.',
  promoStatsPeriodOrder: 'Data „do” nie może być wcześniejsza niż data „od”.',
  promoStatsPeriodTooLong: 'Okres może obejmować najwyżej {ile} dni (około 3 lat).',
  // Gift cards in the panel (decision 154)
  panelGiftCardNotFound: 'Nie znaleziono karty podarunkowej.',
  panelGiftCardStateInvalid: 'Wybierz stan karty: aktywna, wykorzystana, wygasła albo zablokowana.',
  panelProductGiftCardExtras:
    'Karta podarunkowa nie może mieć nadruku ani przedsprzedaży. Wyłącz je albo odznacz „Karta podarunkowa”.',
  panelProductGiftCardFree: 'Karta podarunkowa musi mieć cenę: to jej kwota.',
  shippingElectronicCod: 'Dostawa e-mailem nie może mieć płatności przy odbiorze.',
  settingsGiftCardMonthsInvalid: 'Ważność kart podarunkowych to liczba miesięcy od 1 do 60.',
} as const;

export type MessageKey = keyof typeof msg;

/** Fills `{name}` placeholders of a message, e.g. `fillMessage(msg.orderNotEnoughStock, { produkt })`. */
export const fillMessage = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
