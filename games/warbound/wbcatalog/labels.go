package wbcatalog

import (
	"sort"
	"sync"
)

// builtinLabels is the one table of interface strings: every word the
// print sheets and the site show that is not content. A designer
// overrides any key with an interface string of the same key in
// content/i18n ("strings: ..."); Label reads the content first, then this
// table. One key, one meaning, one text in each language: print and site
// read the same entry.
var builtinLabels = map[string]Text{
	// The site's frame.
	"site.title":     {EN: "Warbound", FR: "Warbound"},
	"site.tagline":   {EN: "Rules and card database", FR: "Règles et base de cartes"},
	"lang.name":      {EN: "English", FR: "Français"},
	"lang.switch":    {EN: "Lire en français", FR: "Read in English"},
	"lang.en":        {EN: "English", FR: "Anglais"},
	"lang.fr":        {EN: "French", FR: "Français"},
	"nav.home":       {EN: "Home", FR: "Accueil"},
	"nav.rules":      {EN: "Rules", FR: "Règles"},
	"nav.cards":      {EN: "Cards", FR: "Cartes"},
	"nav.decks":      {EN: "Decks", FR: "Decks"},
	"nav.glossary":   {EN: "Glossary", FR: "Glossaire"},
	"nav.checks":     {EN: "Check games", FR: "Parties de contrôle"},
	"nav.scenarios":  {EN: "Scenarios", FR: "Scénarios"},
	"nav.language":   {EN: "Language", FR: "Langue"},
	"nav.skip":       {EN: "Skip to content", FR: "Aller au contenu"},
	"footer.text":    {EN: "Warbound — rules and cards written in our own words. Built by wbtool.", FR: "Warbound — règles et cartes écrites avec nos propres mots. Généré par wbtool."},
	"home.intro":     {EN: "Everything you need at the table: the rules of both formats and every card, in English and in French.", FR: "Tout ce qu’il faut à la table : les règles des deux formats et toutes les cartes, en français et en anglais."},
	"home.glossary":  {EN: "Every game term, in both languages", FR: "Tous les termes du jeu, dans les deux langues"},
	"home.rules":     {EN: "Read the rules", FR: "Lire les règles"},
	"home.browse":    {EN: "Browse the cards", FR: "Parcourir les cartes"},
	"notfound.title": {EN: "Page not found", FR: "Page introuvable"},
	"notfound.text":  {EN: "This page does not exist. Try the card database or the rules.", FR: "Cette page n’existe pas. Essayez la base de cartes ou les règles."},

	// Card search and lists.
	"search.label":       {EN: "Find a card", FR: "Trouver une carte"},
	"search.placeholder": {EN: "Name, text, or f:faction t:type o<=2…", FR: "Nom, texte, ou f:faction t:type o<=2…"},
	"search.go":          {EN: "Search", FR: "Chercher"},
	"search.all":         {EN: "All", FR: "Toutes"},
	"search.faction":     {EN: "Faction", FR: "Faction"},
	"search.kind":        {EN: "Type", FR: "Type"},
	"search.cost":        {EN: "Cost", FR: "Coût"},
	"search.count":       {EN: "cards match", FR: "cartes correspondent"},
	"search.more":        {EN: "Show %s more (%s left)", FR: "Afficher %s de plus (%s restantes)"},
	"search.none":        {EN: "No card matches.", FR: "Aucune carte ne correspond."},
	"search.reset":       {EN: "Clear", FR: "Effacer"},
	"search.sort":        {EN: "Sort by", FR: "Trier par"},
	"sort.relevance":     {EN: "Best match", FR: "Pertinence"},
	"sort.name":          {EN: "Name", FR: "Nom"},
	"sort.cost":          {EN: "Cost", FR: "Coût"},
	"sort.faction":       {EN: "Faction", FR: "Faction"},
	"sort.type":          {EN: "Type", FR: "Type"},
	"search.syntax":      {EN: "Search syntax", FR: "Syntaxe de recherche"},

	// The search syntax (site/search.go): one description per field, the
	// script's messages, the help page.
	"search.field.name":     {EN: "Name", FR: "Nom"},
	"search.field.text":     {EN: "Rules text (skills and card text)", FR: "Texte de règles (compétences et texte de la carte)"},
	"search.field.faction":  {EN: "Faction", FR: "Faction"},
	"search.field.type":     {EN: "Card type", FR: "Type de carte"},
	"search.field.cost":     {EN: "Activation cost: total, or one colour with a dot", FR: "Coût d’activation : total, ou une couleur après un point"},
	"search.field.attack":   {EN: "Attack (melee roll needed)", FR: "Attaque (jet de combat à obtenir)"},
	"search.field.speed":    {EN: "Speed", FR: "Vitesse"},
	"search.field.run":      {EN: "Run", FR: "Course"},
	"search.field.accuracy": {EN: "Accuracy on the closest target", FR: "Précision sur l’ennemi le plus proche"},
	"search.field.ranged":   {EN: "Ranged dice", FR: "Dés de tir"},
	"search.field.melee":    {EN: "Melee dice", FR: "Dés de combat"},
	"search.field.health":   {EN: "Health", FR: "Points de vie"},
	"search.field.morale":   {EN: "Morale (0: none)", FR: "Moral (0 : aucun)"},
	"search.field.armour":   {EN: "Armour points", FR: "Points d’armure"},
	"search.field.gear":     {EN: "Gear icon", FR: "Icône d’équipement"},
	"search.field.skill":    {EN: "Skill", FR: "Compétence"},
	"search.field.format":   {EN: "Format the card is played in", FR: "Format dans lequel la carte se joue"},
	"search.err.field":      {EN: "Unknown field “%s”.", FR: "Champ inconnu « %s »."},
	"search.err.value":      {EN: "No %s is called “%s”. Known: %s.", FR: "Aucune valeur « %2$s » pour %1$s. Valeurs connues : %3$s."},
	"search.err.number":     {EN: "%s compares numbers: write for example %s<=2.", FR: "%s compare des nombres : écrivez par exemple %s<=2."},
	"search.err.op":         {EN: "%s takes : = or != only.", FR: "%s n’accepte que : = ou !=."},
	"search.err.paren":      {EN: "A parenthesis is not closed or not opened.", FR: "Une parenthèse n’est pas fermée ou pas ouverte."},
	"search.err.empty":      {EN: "“%s” needs a value after it.", FR: "« %s » attend une valeur."},
	"search.err.colour":     {EN: "Unknown colour “%s” after cost.", FR: "Couleur inconnue « %s » après cost."},
	"search.didyoumean":     {EN: "Did you mean “%s”?", FR: "Vouliez-vous dire « %s » ?"},
	"search.help.link":      {EN: "Fields and syntax", FR: "Champs et syntaxe"},
	"search.help.title":     {EN: "How to search the cards", FR: "Chercher dans les cartes"},
	"search.help.intro":     {EN: "Type words to find the cards that contain them, or name a field to ask for more. Capitals and accents never matter. The query stays in the address, so a search can be bookmarked or shared.", FR: "Tapez des mots pour trouver les cartes qui les contiennent, ou nommez un champ pour préciser. Majuscules et accents ne comptent jamais. La recherche reste dans l’adresse de la page : on peut la garder en favori ou la partager."},
	"search.help.fields":    {EN: "Fields", FR: "Champs"},
	"search.help.field":     {EN: "Field", FR: "Champ"},
	"search.help.alias":     {EN: "Short", FR: "Court"},
	"search.help.what":      {EN: "What it reads", FR: "Ce qu’il lit"},
	"search.help.values":    {EN: "Values", FR: "Valeurs"},
	"search.help.example":   {EN: "Example", FR: "Exemple"},
	"search.help.syntax":    {EN: "Combining terms", FR: "Combiner les termes"},
	"search.help.ops":       {EN: "Numbers compare with = < <= > >= (a colon means =). Words, names and text take a colon (contains, or starts with for a word) or = (exactly); != excludes.", FR: "Les nombres se comparent avec = < <= > >= (les deux-points valent =). Mots, noms et textes prennent les deux-points (contient, ou commence par pour un mot) ou = (exactement) ; != exclut."},
	"search.help.words":     {EN: "Words of the syntax:", FR: "Mots de la syntaxe\u00a0:"},
	"search.help.sorts":     {EN: "The list can be sorted by:", FR: "La liste peut être triée par :"},
	"search.help.free":      {EN: "free words: the name, the id or the rules text contains them", FR: "mots libres : le nom, l’identifiant ou le texte de règles les contient"},
	"search.help.byfield":   {EN: "a field and a value", FR: "un champ et une valeur"},
	"search.help.compare":   {EN: "a comparison of a number", FR: "la comparaison d’un nombre"},
	"search.help.colour":    {EN: "the Orders of one colour in the cost", FR: "les Ordres d’une couleur dans le coût"},
	"search.help.and":       {EN: "both terms (a space means and too)", FR: "les deux termes (un espace vaut aussi et)"},
	"search.help.or":        {EN: "either term", FR: "l’un ou l’autre terme"},
	"search.help.not":       {EN: "leave out a term: not, or a minus sign before it", FR: "exclure un terme : non, ou un signe moins devant"},
	"search.help.paren":     {EN: "parentheses group terms", FR: "les parenthèses regroupent des termes"},
	"search.help.phrase":    {EN: "quotes keep words together, in that order", FR: "les guillemets gardent des mots ensemble, dans cet ordre"},
	"search.help.fold":      {EN: "capitals and accents do not matter", FR: "majuscules et accents ne comptent pas"},
	"search.help.query":     {EN: "Query", FR: "Recherche"},
	"search.help.meaning":   {EN: "Finds", FR: "Trouve"},
	"cards.title":           {EN: "Card database", FR: "Base de cartes"},
	"cards.pdf":             {EN: "Print every card (PDF)", FR: "Imprimer toutes les cartes (PDF)"},
	"cards.all":             {EN: "All cards", FR: "Toutes les cartes"},
	"cards.byFaction":       {EN: "By faction", FR: "Par faction"},
	"cards.byKind":          {EN: "By card type", FR: "Par type de carte"},
	"cards.neutral":         {EN: "Neutral", FR: "Neutre"},

	// Card kinds, singular and plural.
	"kind.character":  {EN: "Character", FR: "Personnage"},
	"kind.leader":     {EN: "Leader", FR: "Chef"},
	"kind.equipment":  {EN: "Equipment", FR: "Équipement"},
	"kind.formation":  {EN: "Formation", FR: "Formation"},
	"kind.vocation":   {EN: "Vocation", FR: "Vocation"},
	"kind.reference":  {EN: "Reference card", FR: "Carte de référence"},
	"kind.objective":  {EN: "Objective", FR: "Objectif"},
	"kind.upgrade":    {EN: "Upgrade", FR: "Amélioration"},
	"kinds.character": {EN: "Characters", FR: "Personnages"},
	"kinds.leader":    {EN: "Leaders", FR: "Chefs"},
	"kinds.equipment": {EN: "Equipment", FR: "Équipements"},
	"kinds.formation": {EN: "Formations", FR: "Formations"},
	"kinds.vocation":  {EN: "Vocations", FR: "Vocations"},
	"kinds.reference": {EN: "Reference cards", FR: "Cartes de référence"},
	"kinds.objective": {EN: "Objectives", FR: "Objectifs"},
	"kinds.upgrade":   {EN: "Upgrades", FR: "Améliorations"},

	// A card's page and faces.
	"card.front":            {EN: "Front", FR: "Recto"},
	"card.back":             {EN: "Back", FR: "Verso"},
	"card.panic":            {EN: "Panic", FR: "Panique"},
	"card.image":            {EN: "Card image", FR: "Image de la carte"},
	"card.enlarge":          {EN: "Enlarge the card", FR: "Agrandir la carte"},
	"card.close":            {EN: "Close", FR: "Fermer"},
	"card.art":              {EN: "Art", FR: "Illustration"},
	"card.art.full":         {EN: "full picture", FR: "image entière"},
	"card.noimage":          {EN: "Card image not available yet", FR: "Image de la carte pas encore disponible"},
	"card.stats":            {EN: "Statistics", FR: "Caractéristiques"},
	"card.skills":           {EN: "Skills", FR: "Compétences"},
	"card.text":             {EN: "Text", FR: "Texte"},
	"card.flavor":           {EN: "Flavour text", FR: "Texte d’ambiance"},
	"card.decks":            {EN: "Decks using this card", FR: "Decks qui utilisent cette carte"},
	"card.nodecks":          {EN: "No deck of the starter content uses this card.", FR: "Aucun deck du contenu de départ n’utilise cette carte."},
	"card.checks":           {EN: "Check games with this card", FR: "Parties de contrôle avec cette carte"},
	"card.nochecks":         {EN: "No check game uses this card yet.", FR: "Aucune partie de contrôle n’utilise encore cette carte."},
	"card.id":               {EN: "Card id", FR: "Identifiant"},
	"card.active":           {EN: "active", FR: "active"},
	"card.faction":          {EN: "Faction", FR: "Faction"},
	"card.faction-specific": {EN: "Faction-specific", FR: "Propre à une faction"},
	"card.kind":             {EN: "Type", FR: "Type"},
	"card.accuracy.near":    {EN: "closest", FR: "proche"},
	"card.accuracy.far":     {EN: "others", FR: "autres"},

	// Character statistics.
	"stat.attack":        {EN: "Attack", FR: "Attaque"},
	"stat.speed":         {EN: "Speed", FR: "Vitesse"},
	"stat.run":           {EN: "Run", FR: "Course"},
	"stat.accuracy":      {EN: "Accuracy", FR: "Précision"},
	"stat.accuracy.near": {EN: "Closest target", FR: "Ennemi le plus proche"},
	"stat.accuracy.far":  {EN: "Other targets", FR: "Autres cibles"},
	"stat.rangedDice":    {EN: "Ranged dice", FR: "Dés de tir"},
	"stat.meleeDice":     {EN: "Melee dice", FR: "Dés de combat"},
	"stat.cost":          {EN: "Activation cost", FR: "Coût d’activation"},
	"stat.health":        {EN: "Health", FR: "Points de vie"},
	"stat.morale":        {EN: "Morale", FR: "Moral"},
	"stat.armor":         {EN: "Armour (points, save)", FR: "Armure (points, sauvegarde)"},
	"stat.armor.points":  {EN: "Armour points", FR: "Points d’armure"},
	"stat.armor.save":    {EN: "Armour value", FR: "Valeur d’armure"},
	"stat.gear":          {EN: "Built-in gear", FR: "Équipement intégré"},
	"stat.gearType":      {EN: "Gear icon", FR: "Icône d’équipement"},
	"stat.none":          {EN: "none", FR: "aucun"},
	"stat.noShoot":       {EN: "cannot shoot", FR: "ne peut pas tirer"},
	"stat.no-morale":     {EN: "No morale", FR: "Pas de moral"},
	"stat.any":           {EN: "any colour", FR: "toute couleur"},
	"stat.bonuses":       {EN: "Bonuses", FR: "Bonus"},
	"stat.abbr.attack":   {EN: "Atk", FR: "Att"},
	"stat.abbr.accuracy": {EN: "Acc", FR: "Préc"},
	"stat.abbr.speed":    {EN: "Spd", FR: "Vit"},
	"stat.abbr.health":   {EN: "HP", FR: "PV"},

	// Gear icons (R-CARD-1).
	"gear.ranged": {EN: "Ranged weapon", FR: "Arme de tir"},
	"gear.melee":  {EN: "Melee weapon", FR: "Arme de corps à corps"},
	"gear.armor":  {EN: "Armour", FR: "Armure"},

	// Card-text icons: the actions, dice, tokens.
	"action.move":  {EN: "Move", FR: "Déplacement"},
	"action.run":   {EN: "Run", FR: "Course"},
	"action.fight": {EN: "Fight", FR: "Combat"},
	"action.shoot": {EN: "Shoot", FR: "Tir"},
	"action.aim":   {EN: "Aim", FR: "Visée"},
	"action.hide":  {EN: "Hide", FR: "Se cacher"},
	"die.ranged":   {EN: "Ranged die", FR: "Dé de tir"},
	"die.melee":    {EN: "Melee die", FR: "Dé de combat"},
	"die.any":      {EN: "Any die", FR: "Dé quelconque"},
	"icon.order":   {EN: "Order token", FR: "Jeton Ordre"},
	"icon.active":  {EN: "Active skill", FR: "Compétence active"},

	// Leaders, Formations, Reference cards, Objectives.
	"leader.skill":              {EN: "Leader skill", FR: "Compétence de Chef"},
	"leader.orders":             {EN: "Order tokens per Period", FR: "Jetons Ordre par Période"},
	"leader.period":             {EN: "Period", FR: "Période"},
	"leader.side.exploration":   {EN: "Exploration side", FR: "Face Exploration"},
	"leader.side.confrontation": {EN: "Confrontation side", FR: "Face Confrontation"},
	"formation.bonus.cost":      {EN: "Cost", FR: "Coût"},
	"formation.bonus.hit":       {EN: "To hit", FR: "Pour toucher"},
	"formation.bonus.health":    {EN: "Health", FR: "Points de vie"},
	"bonus.cost":                {EN: "Extra cost (colourless hexes)", FR: "Coût supplémentaire (hexagones incolores)"},
	"bonus.hit":                 {EN: "Added to hit rolls", FR: "Ajouté aux jets pour toucher"},
	"bonus.rangedDice":          {EN: "Extra ranged dice", FR: "Dés de tir supplémentaires"},
	"bonus.meleeDice":           {EN: "Extra melee dice", FR: "Dés de combat supplémentaires"},
	"bonus.health":              {EN: "Extra health", FR: "Points de vie supplémentaires"},
	"ref.skills":                {EN: "Common skills", FR: "Compétences communes"},
	"objective.scoring":         {EN: "Scoring", FR: "Décompte"},
	"objective.vp":              {EN: "VP", FR: "PV"},

	// Formats, turns, the Action Board and scenarios.
	"format":                  {EN: "Format", FR: "Format"},
	"format.exploration":      {EN: "Exploration", FR: "Exploration"},
	"format.confrontation":    {EN: "Confrontation", FR: "Confrontation"},
	"turn":                    {EN: "Turn", FR: "Tour"},
	"action-board":            {EN: "Action Board", FR: "Plateau d’Action"},
	"action-space":            {EN: "Action space", FR: "Case Action"},
	"modifier.cost-reduction": {EN: "Cost reduction", FR: "Réduction de coût"},
	"modifier.multiple":       {EN: "Multiple", FR: "Multiple"},
	"modifier.temporisation":  {EN: "Temporisation", FR: "Temporisation"},
	"modifier.extra-die":      {EN: "Extra die", FR: "Dé supplémentaire"},
	"scenario":                {EN: "Scenario", FR: "Scénario"},
	"scenario.deployment":     {EN: "Deployment", FR: "Déploiement"},
	"scenario.objectives":     {EN: "Objective deck", FR: "Pioche d’Objectifs"},
	"scenario.player":         {EN: "Player", FR: "Joueur"},

	// Decks.
	"deck":                 {EN: "Deck", FR: "Deck"},
	"deck.title":           {EN: "Decks", FR: "Decks"},
	"deck.cards":           {EN: "Cards", FR: "Cartes"},
	"deck.count":           {EN: "cards", FR: "cartes"},
	"deck.attached":        {EN: "attached to", FR: "attachée à"},
	"deck.legal":           {EN: "This deck is legal.", FR: "Ce deck est valide."},
	"deck.illegal":         {EN: "This deck breaks the deck-building rules:", FR: "Ce deck enfreint les règles de construction :"},
	"deck.formats":         {EN: "Legality by format", FR: "Validité par format"},
	"deck.format.legal":    {EN: "legal", FR: "valide"},
	"deck.format.illegal":  {EN: "not legal", FR: "non valide"},
	"deck.legalityUnknown": {EN: "Deck legality is not checked by this build.", FR: "La validité du deck n’est pas vérifiée par cette version."},
	"deck.pdf":             {EN: "Printable cards (PDF)", FR: "Cartes à imprimer (PDF)"},
	"deck.tts":             {EN: "Tabletop Simulator deck (JSON)", FR: "Deck pour Tabletop Simulator (JSON)"},
	"deck.tts.publish":     {EN: "Tabletop Simulator shows the cards’ pictures once this site is online: build it with its address (wbtool build --base-url URL).", FR: "Tabletop Simulator affiche les images des cartes une fois ce site en ligne : construisez-le avec son adresse (wbtool build --base-url URL)."},

	// The deck builder (site/deckbuilder.go, assets/deckbuilder.js).
	"builder.title":       {EN: "Deck builder", FR: "Construire un deck"},
	"builder.link":        {EN: "Build a deck", FR: "Construire un deck"},
	"builder.open":        {EN: "Open in the deck builder", FR: "Ouvrir dans le constructeur de decks"},
	"builder.intro":       {EN: "Pick cards, attach Upgrades, and see as you go whether the deck is legal in each format.", FR: "Choisissez des cartes, attachez des Améliorations et voyez au fur et à mesure si le deck est valide dans chaque format."},
	"builder.nojs":        {EN: "The deck builder needs JavaScript and WebAssembly. Without them, this page lists the cards, read-only.", FR: "Le constructeur de decks a besoin de JavaScript et de WebAssembly. Sans eux, cette page liste les cartes, en lecture seule."},
	"builder.loading":     {EN: "Loading the deck checker…", FR: "Chargement du vérificateur de decks…"},
	"builder.nowasm":      {EN: "This browser cannot run the deck checker (WebAssembly): the deck shows read-only, without its legality.", FR: "Ce navigateur ne peut pas exécuter le vérificateur de decks (WebAssembly) : le deck s’affiche en lecture seule, sans sa validité."},
	"builder.name":        {EN: "Deck name", FR: "Nom du deck"},
	"builder.defaultName": {EN: "My deck", FR: "Mon deck"},
	"builder.format":      {EN: "Format", FR: "Format"},
	"builder.pool":        {EN: "Cards to pick", FR: "Cartes à choisir"},
	"builder.parts":       {EN: "Deck builder: go to", FR: "Constructeur de deck : aller à"},
	"builder.filter":      {EN: "Filter by name", FR: "Filtrer par nom"},
	"builder.add":         {EN: "Add", FR: "Ajouter"},
	"builder.remove":      {EN: "Remove", FR: "Retirer"},
	"builder.attach":      {EN: "Attached to", FR: "Attachée à"},
	"builder.detached":    {EN: "nothing", FR: "rien"},
	"builder.notInDeck":   {EN: "not in the deck", FR: "absent du deck"},
	"builder.empty":       {EN: "The deck is empty: add cards from the list.", FR: "Le deck est vide : ajoutez des cartes de la liste."},
	"builder.list":        {EN: "Deck list", FR: "Liste du deck"},
	"builder.counts":      {EN: "Cards", FR: "Cartes"},
	"builder.leaders":     {EN: "Leaders", FR: "Chefs"},
	"builder.characters":  {EN: "Characters", FR: "Personnages"},
	"builder.upgrades":    {EN: "Upgrades", FR: "Améliorations"},
	"builder.economy":     {EN: "Order economy", FR: "Économie des Ordres"},
	"builder.colour":      {EN: "Order colour", FR: "Couleur d’Ordre"},
	"builder.demand":      {EN: "Characters’ activation costs", FR: "Coûts d’activation des Personnages"},
	"builder.colourless":  {EN: "Any colour", FR: "Toute couleur"},
	"builder.noLeader":    {EN: "No Leader in the deck yet: no Orders.", FR: "Pas encore de Chef dans le deck : aucun Ordre."},
	"builder.export":      {EN: "Export", FR: "Exporter"},
	"builder.cue":         {EN: "For the game’s designers: this deck as a content file (CUE), ready to paste into the game’s content.", FR: "Pour les concepteurs du jeu : ce deck en fichier de contenu (CUE), prêt à coller dans le contenu du jeu."},
	"builder.copy":        {EN: "Copy", FR: "Copier"},
	"builder.copied":      {EN: "Copied.", FR: "Copié."},
	"builder.print":       {EN: "Print the list", FR: "Imprimer la liste"},
	"builder.share":       {EN: "Link to this deck", FR: "Lien vers ce deck"},
	"builder.clear":       {EN: "Start again", FR: "Recommencer"},

	// Rules, glossary and check games on the site.
	"glossary.title":     {EN: "Glossary", FR: "Glossaire"},
	"glossary.index":     {EN: "Terms by letter", FR: "Termes par lettre"},
	"glossary.intro":     {EN: "Every game term in both languages. The terms of the rules and of the card texts link here.", FR: "Tous les termes du jeu, dans les deux langues. Les termes des règles et des textes de cartes renvoient ici."},
	"rules.title":        {EN: "Rules", FR: "Règles"},
	"rules.contents":     {EN: "Contents", FR: "Sommaire"},
	"rules.numbers":      {EN: "Rule numbers", FR: "Numéros des règles"},
	"rules.onPage":       {EN: "On this page", FR: "Sur cette page"},
	"rules.prev":         {EN: "Previous", FR: "Précédent"},
	"rules.next":         {EN: "Next", FR: "Suivant"},
	"rules.none":         {EN: "The rules are not written yet in this language.", FR: "Les règles ne sont pas encore écrites dans cette langue."},
	"rules.checked":      {EN: "checked by", FR: "vérifiée par"},
	"checks.title":       {EN: "Check games", FR: "Parties de contrôle"},
	"checks.intro":       {EN: "Scripted games that the designers replay on every change; each pins the rules it names.", FR: "Des parties scriptées que les concepteurs rejouent à chaque modification ; chacune vérifie les règles qu’elle cite."},
	"checks.rulesHead":   {EN: "Rules", FR: "Règles"},
	"checks.cardsHead":   {EN: "Cards", FR: "Cartes"},
	"checks.sourceHead":  {EN: "Source", FR: "Source"},
	"checks.none":        {EN: "No check game yet.", FR: "Aucune partie de contrôle pour l’instant."},
	"checks.kicker":      {EN: "For designers", FR: "Pour les concepteurs"},
	"checks.reference":   {EN: "The reference for designers: every field of every kind of entry, the effect vocabulary, the card markup", FR: "La référence pour les concepteurs : chaque champ de chaque sorte d’entrée, le vocabulaire des effets, le balisage des cartes"},
	"designers.title":    {EN: "Reference for designers", FR: "Référence pour les concepteurs"},
	"designers.english":  {EN: "This reference is written in English, as the schema it is made from.", FR: "Cette référence est écrite en anglais, comme le schéma dont elle est tirée."},
	"checks.byRule":      {EN: "rules each check pins", FR: "règles vérifiées par chaque partie"},
	"checks.byRuleTitle": {EN: "Rules each check game pins", FR: "Règles vérifiées par les parties de contrôle"},
	"footer.designers":   {EN: "For designers:", FR: "Pour les concepteurs\u00a0:"},

	// Print sheets.
	"print.title":               {EN: "Warbound print and play", FR: "Warbound à imprimer"},
	"print.backs":               {EN: "Card backs", FR: "Dos des cartes"},
	"print.page":                {EN: "Page", FR: "Page"},
	"print.cut":                 {EN: "Cut along the crop marks", FR: "Découpez en suivant les traits de coupe"},
	"print.cards":               {EN: "cards", FR: "cartes"},
	"print.duplex":              {EN: "Print double-sided, flip on long edge", FR: "Imprimez en recto verso, retournement sur le bord long"},
	"print.draft":               {EN: "DRAFT", FR: "BROUILLON"},
	"print.missing-translation": {EN: "Missing translation", FR: "Traduction manquante"},
	"print.stale":               {EN: "[to review]", FR: "[à revoir]"},
	"print.calibrate.title":     {EN: "Duplex calibration", FR: "Calibrage recto verso"},
	"print.calibrate.front":     {EN: "Print this page double-sided (flip on long edge), at 100 % scale. Cut along the two solid lines, or hold the sheet up to the light: each line falls on the scale printed on the back.", FR: "Imprimez cette page en recto verso (retournement sur le bord long), à l’échelle 100 %. Découpez le long des deux traits pleins, ou regardez la feuille à contre-jour : chaque trait tombe sur la graduation imprimée au verso."},
	"print.calibrate.back":      {EN: "Read where the front's line falls on each scale, in millimetres: X on the horizontal scale, Y on the vertical one. Then print with --back-offset X,Y. Reading 0,0 means the backs are aligned.", FR: "Lisez en millimètres où tombe le trait du recto sur chaque graduation : X sur la graduation horizontale, Y sur la verticale. Imprimez ensuite avec --back-offset X,Y. Une lecture 0,0 signifie que les dos sont alignés."},

	// The play kit: Action Boards, scenario maps, tokens, deck sheets.
	"kit.turns":                         {EN: "Turns", FR: "Tours"},
	"kit.panel":                         {EN: "Panel", FR: "Panneau"},
	"kit.assemble":                      {EN: "To assemble: trim the margin along each dashed line, lay this panel over its neighbour so that the crosses meet, and tape.", FR: "Assemblage : coupez la marge le long de chaque trait pointillé, posez ce panneau sur son voisin en faisant coïncider les croix, puis scotchez."},
	"kit.board.legend":                  {EN: "Legend", FR: "Légende"},
	"kit.board.objective-mark":          {EN: "Objective", FR: "Objectif"},
	"kit.board.objective-text":          {EN: "at the end of the Cleanup of the last turn of Period 1, each player draws and reveals an Objective card.", FR: "à la fin du Nettoyage du dernier tour de la Période 1, chaque joueur pioche et révèle une carte Objectif."},
	"kit.board.action.move":             {EN: "move up to Speed tiles.", FR: "déplacez-vous d’au plus Vitesse cases."},
	"kit.board.action.run":              {EN: "move up to Speed + Run tiles.", FR: "déplacez-vous d’au plus Vitesse + Course cases."},
	"kit.board.action.fight":            {EN: "attack an adjacent enemy.", FR: "attaquez un ennemi adjacent."},
	"kit.board.action.shoot":            {EN: "shoot an enemy in sight.", FR: "tirez sur un ennemi en vue."},
	"kit.board.action.aim":              {EN: "with Shoot only: roll one more die, drop the lowest.", FR: "avec Tir seulement : lancez un dé de plus, retirez le plus faible."},
	"kit.board.action.hide":             {EN: "gain a Cover token.", FR: "gagnez un jeton Couvert."},
	"kit.board.composite":               {EN: "A space with several actions: do them in any order, or only one of them.", FR: "Case à plusieurs actions : faites-les dans l’ordre de votre choix, ou une seule."},
	"kit.board.modifier.multiple":       {EN: "activate up to two Characters at once.", FR: "activez jusqu’à deux Personnages à la fois."},
	"kit.board.modifier.cost-reduction": {EN: "pay only the coloured part of the cost.", FR: "ne payez que la partie colorée du coût."},
	"kit.board.modifier.temporisation":  {EN: "first gain one Order token of your choice.", FR: "gagnez d’abord un jeton Ordre de votre choix."},
	"kit.board.modifier.extra-die":      {EN: "one more melee or ranged die.", FR: "un dé de combat ou de tir de plus."},
	"kit.board.time-track":              {EN: "Time track: put the Time marker on turn 1; it moves on one turn at each Cleanup. Spaces of the current Period and of earlier ones are open.", FR: "Piste du temps : placez le marqueur Temps sur le tour 1 ; il avance d’un tour à chaque Nettoyage. Les cases de la Période en cours et des précédentes sont ouvertes."},
	"kit.map.hex":                       {EN: "hex", FR: "hexagone"},
	"kit.map.legend":                    {EN: "Terrain and markers", FR: "Terrain et marqueurs"},
	"kit.map.wall":                      {EN: "Solid dark tile with the no-entry sign and the struck eye: blocks movement and line of sight.", FR: "Case sombre avec le sens interdit et l’œil barré : bloque le déplacement et la ligne de vue."},
	"kit.map.low-wall":                  {EN: "Hatched tile with the no-entry sign only: blocks movement, not sight.", FR: "Case hachurée avec le seul sens interdit : bloque le déplacement, pas la vue."},
	"kit.map.smoke":                     {EN: "Dotted tile with the struck eye only: blocks sight; Characters may cross it.", FR: "Case pointillée avec le seul œil barré : bloque la vue ; les Personnages peuvent la traverser."},
	"kit.map.scan":                      {EN: "Teal disc: a Scan marker; put a Scan token there. Tinted tiles: the deployment zones.", FR: "Disque bleu-vert : un marqueur Scan ; posez-y un jeton Scan. Cases teintées : les zones de déploiement."},
	"kit.map.print":                     {EN: "Printing and assembly", FR: "Impression et assemblage"},
	"kit.map.scale":                     {EN: "Print at 100 % (actual size, no fit to page). Hexes are {hex} mm across flats; the map measures {size} on {panels} panels, {first} to {last}, framed above.", FR: "Imprimez à 100 % (taille réelle, sans ajustement à la page). Les hexagones font {hex} mm entre côtés opposés ; la carte mesure {size} sur {panels} panneaux, de {first} à {last}, encadrés ci-contre."},
	"kit.token.scan":                    {EN: "Scan", FR: "Scan"},
	"kit.tokens.title":                  {EN: "Tokens", FR: "Jetons"},
	"kit.tokens.cut":                    {EN: "Print at 100 %, glue on card if you like, and cut along the thin grey outlines. Enough for two players with the largest decks of the content.", FR: "Imprimez à 100 %, collez sur du carton si vous voulez, et découpez le long des fins contours gris. De quoi jouer à deux avec les plus grands decks du contenu."},
	"kit.token.wound":                   {EN: "Wound", FR: "Blessure"},
	"kit.token.stress":                  {EN: "Stress", FR: "Stress"},
	"kit.token.break":                   {EN: "Break", FR: "Brèche"},
	"kit.token.cover":                   {EN: "Cover", FR: "Couvert"},
	"kit.token.poison":                  {EN: "Poison", FR: "Poison"},
	"kit.token.sacred":                  {EN: "Sacred", FR: "Sacré"},
	"kit.token.maintenance":             {EN: "Maintenance", FR: "Maintenance"},
	"kit.token.hand":                    {EN: "Hand", FR: "Main"},
	"kit.token.hourglass":               {EN: "Hourglass", FR: "Sablier"},
	"kit.token.time":                    {EN: "Time", FR: "Temps"},
	"kit.deck.total":                    {EN: "Together", FR: "Ensemble"},
	"kit.deck.orders-note":              {EN: "Received in the Leader phase of each turn of the Period; keep at most 1 token at Cleanup.", FR: "Reçus à la phase de Chef de chaque tour de la Période ; gardez au plus 1 jeton au Nettoyage."},
	"kit.deck.references":               {EN: "Printed after the deck's cards: they list the factions' common skills and are not deck cards.", FR: "Imprimées après les cartes du deck : elles listent les compétences communes des factions et ne comptent pas dans le deck."},
	"kit.calibrate.scale-title":         {EN: "1. Check the scale", FR: "1. Vérifiez l’échelle"},
	"kit.calibrate.scale":               {EN: "Measure these two rulers with a real ruler: they must be exactly 100 mm and 4 in long. If they are not, print again at 100 % (\"Actual size\"), with \"Fit to page\" turned off.", FR: "Mesurez ces deux règles avec une vraie règle : elles doivent faire exactement 100 mm et 4 in. Sinon, imprimez de nouveau à 100 % (« Taille réelle »), sans « Ajuster à la page »."},
	"kit.calibrate.duplex-title":        {EN: "2. Check the back", FR: "2. Vérifiez le verso"},
	"kit.calibrate.x":                   {EN: "X (mm): where the vertical line crosses", FR: "X (mm) : où passe le trait vertical"},
	"kit.calibrate.y":                   {EN: "Y (mm): where the horizontal line crosses", FR: "Y (mm) : où passe le trait horizontal"},
	"kit.calibrate.cut":                 {EN: "Cut along this line", FR: "Coupez le long de ce trait"},
	"kit.calibrate.example-title":       {EN: "Worked example", FR: "Exemple"},
	"kit.calibrate.example":             {EN: "The vertical line crosses the X scales at +1.5 (one and a half millimetres right of 0) and the horizontal line crosses the Y scales at −0.5. Print your cards with --back-offset 1.5,-0.5, for example: wbtool print --deck my-deck --back-offset 1.5,-0.5. Print this sheet again with the same option: both lines now cross 0.", FR: "Le trait vertical croise les graduations X à +1,5 (un millimètre et demi à droite de 0) et le trait horizontal croise les graduations Y à −0,5. Imprimez vos cartes avec --back-offset 1.5,-0.5, par exemple : wbtool print --deck mon-deck --back-offset 1.5,-0.5. Réimprimez cette feuille avec la même option : les deux traits croisent alors 0."},
	"kit.calibrate.enlarged":            {EN: "the example, enlarged ×3: the line reads +1.5", FR: "l’exemple, agrandi ×3 : le trait indique +1,5"},

	// Errata and history (wbtool build --since).
	"print.reprint":         {EN: "Reprint: the cards changed since", FR: "Réimpression : les cartes modifiées depuis"},
	"errata.title":          {EN: "Errata", FR: "Errata"},
	"errata.intro":          {EN: "What changed in the set since the version you may have printed, card by card. Texts are shown in this page's language.", FR: "Ce qui a changé dans le jeu depuis la version que vous avez peut-être imprimée, carte par carte. Les textes sont montrés dans la langue de cette page."},
	"errata.since":          {EN: "Since", FR: "Depuis"},
	"errata.now":            {EN: "now", FR: "maintenant"},
	"errata.none":           {EN: "Nothing changed since this version.", FR: "Rien n’a changé depuis cette version."},
	"errata.reprint":        {EN: "Reprint sheets: only the cards whose print changed", FR: "Feuilles de réimpression : seulement les cartes dont l’impression a changé"},
	"errata.reprint-none":   {EN: "No card to reprint in this language.", FR: "Aucune carte à réimprimer dans cette langue."},
	"errata.reprinted":      {EN: "to reprint", FR: "à réimprimer"},
	"errata.added":          {EN: "New", FR: "Nouveauté"},
	"errata.removed":        {EN: "Removed", FR: "Retrait"},
	"errata.renamed":        {EN: "Renamed, was", FR: "Renommage, anciennement"},
	"errata.changed":        {EN: "Changed", FR: "Modification"},
	"errata.other-language": {EN: "text changed in the other language", FR: "texte modifié dans l’autre langue"},
	"errata.link":           {EN: "Errata since", FR: "Errata depuis"},
	"errata.field.name":     {EN: "Name", FR: "Nom"},
	// A change in players' words (changes.Say): never a value as JSON.
	"errata.picture.new":       {EN: "New picture", FR: "Nouvelle image"},
	"errata.picture.removed":   {EN: "Picture removed", FR: "Image retirée"},
	"errata.picture.credit":    {EN: "Picture credit changed", FR: "Crédit de l’image modifié"},
	"errata.plays":             {EN: "How it works in play changed", FR: "Fonctionnement en jeu modifié"},
	"errata.other":             {EN: "Other detail", FR: "Autre détail"},
	"errata.field.front":       {EN: "Front", FR: "Recto"},
	"errata.field.active":      {EN: "Active skill", FR: "Compétence active"},
	"errata.field.periods":     {EN: "Periods", FR: "Périodes"},
	"errata.field.period":      {EN: "Period", FR: "Période"},
	"errata.field.spaces":      {EN: "Action spaces", FR: "Cases d’action"},
	"errata.field.actions":     {EN: "Actions", FR: "Actions"},
	"errata.field.modifiers":   {EN: "Modifiers", FR: "Modificateurs"},
	"errata.field.attachments": {EN: "Attached upgrades", FR: "Améliorations attachées"},
	"errata.field.to":          {EN: "To", FR: "Jusqu’à"},
	"errata.field.from":        {EN: "From", FR: "Depuis"},
	"errata.field.description": {EN: "Description", FR: "Description"},
	"errata.field.colour":      {EN: "Colour", FR: "Couleur"},
	"errata.field.definition":  {EN: "Definition", FR: "Définition"},
	"errata.field.term":        {EN: "Term", FR: "Terme"},
	"errata.field.scoring":     {EN: "Scoring", FR: "Décompte"},
	"errata.field.kind":        {EN: "Kind", FR: "Type"},
	"errata.field.marker":      {EN: "Marker", FR: "Marqueur"},
	"errata.field.board":       {EN: "Board", FR: "Plateau"},
	"errata.field.cols":        {EN: "Columns", FR: "Colonnes"},
	"errata.field.rows":        {EN: "Rows", FR: "Rangées"},
	"errata.field.markers":     {EN: "Markers", FR: "Marqueurs"},
	"errata.field.at":          {EN: "Position", FR: "Position"},
	"errata.field.terrain":     {EN: "Terrain", FR: "Décor"},
	"errata.field.blocksMove":  {EN: "Blocks movement", FR: "Bloque le mouvement"},
	"errata.field.blocksSight": {EN: "Blocks sight", FR: "Bloque la vue"},
	"errata.field.figures":     {EN: "Figures", FR: "Figurines"},
	"errata.field.objectives":  {EN: "Objectives", FR: "Objectifs"},
	"errata.field.x":           {EN: "Position across", FR: "Position en largeur"},
	"errata.field.y":           {EN: "Position in depth", FR: "Position en profondeur"},
	"errata.field.shape":       {EN: "Shape", FR: "Forme"},
	"errata.field.cover":       {EN: "Cover", FR: "Couvert"},
	"errata.field.height":      {EN: "Height", FR: "Hauteur"},
	"errata.field.reminder":    {EN: "Reminder", FR: "Rappel"},
	"errata.value.changed":     {EN: "changed", FR: "modifié"},
	"errata.value.added":       {EN: "added", FR: "ajouté"},
	"errata.value.removed":     {EN: "removed", FR: "retiré"},
	"errata.value.yes":         {EN: "now yes", FR: "désormais oui"},
	"errata.value.no":          {EN: "now no", FR: "désormais non"},
	"errata.card":              {EN: "card", FR: "carte"},
	"errata.cards":             {EN: "cards", FR: "cartes"},
	"errata.on-cards":          {EN: "on", FR: "sur"},
	"history.title":            {EN: "History", FR: "Historique"},
	"history.skill":            {EN: "Skill", FR: "Compétence"},

	// A translation whose source text changed since it was accepted (the
	// translations lock): the site's discreet mark.
	"stale.note": {EN: "Translation to review: the original text changed since it was translated.", FR: "Traduction à revoir : le texte d’origine a changé depuis sa traduction."},
}

// Label returns the interface string key in language l: the content's
// text when content/i18n overrides the key, else the built-in one, else
// the key itself (so a missing string shows instead of vanishing; such
// keys are remembered for MissingLabels). c may be nil.
func (c *Catalog) Label(key string, l Lang) string {
	if c != nil {
		if s := find(c.Strings, func(x *UIString) string { return x.ID }, key); s != nil {
			if t := s.Text.In(l); t != "" {
				return t
			}
		}
	}
	if t, ok := builtinLabels[key]; ok {
		return t.In(l)
	}
	missingLabels.Store(key, true)
	return key
}

// missingLabels holds every key Label was asked for and had no text for.
var missingLabels sync.Map

// MissingLabels lists, sorted, the keys Label was asked for since the
// program started and knew no text for: a key the print sheets or the site
// use without a built-in entry.
func MissingLabels() []string {
	var out []string
	missingLabels.Range(func(k, _ any) bool {
		out = append(out, k.(string))
		return true
	})
	sort.Strings(out)
	return out
}

// BuiltinLabel returns the built-in text of an interface string.
func BuiltinLabel(key string) (Text, bool) {
	t, ok := builtinLabels[key]
	return t, ok
}

// LabelKeys lists the keys of the built-in interface strings, sorted:
// every key a content tree may override.
func LabelKeys() []string {
	keys := make([]string, 0, len(builtinLabels))
	for k := range builtinLabels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
