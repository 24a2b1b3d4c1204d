Porque los que duermen, de noche duermen; y los que están borrachos, de noche están borrachos.
Entonces Jehová dijo á Moisés: Sube á mí al monte, y espera allá, y te daré tablas de piedra, y la ley, y mandamientos que he escrito para enseñarlos.
Y si morimos con Cristo, creemos que también viviremos con él;
Lleváronse también los calderos, y las paletas, y las tenazas, y los cucharones, y todos los vasos de metal con que ministraban.
Los cuales tomaron para sí mujeres de Moab, el nombre de la una Orpha, y el nombre de la otra Ruth; y habitaron allí unos diez años.
Asimismo hirió David á Adarezer rey de Soba, en Hamath, yendo él á asegurar su dominio al río de Eufrates.
Entonces volvió Ezechîas su rostro á la pared, é hizo oración á Jehová,
Y sacónos Jehová de Egipto con mano fuerte, y con brazo extendido, y con grande espanto, y con señales y con milagros:
Y Jehová dijo á Moisés: Cuenta todos los primogénitos varones de los hijos de Israel de un mes arriba, y toma la cuenta de los nombres de ellos.
Y: Tú, oh Señor, en el principio fundaste la tierra; y los cielos son obras de tus manos:
Siguiólos, pasó en paz por camino por donde sus pies nunca habían entrado.
Como el rey David era viejo, y entrado en días, cubríanle de vestidos, mas no se calentaba.
Decían: ¿Por qué habla éste así? Blasfemias dice. ¿Quién puede perdonar pecados, sino solo Dios?
Y en todo negocio de sabiduría é inteligencia que el rey les demandó, hallólos diez veces mejores que todos los magos y astrólogos que había en todo su reino.
Y el espíritu malo de parte de Jehová fué sobre Saúl: y estando sentado en su casa tenía una lanza á mano, mientras David estaba tañendo con su mano.
Porque yo me levantaré sobre ellos, dice Jehová de los ejércitos, y raeré de Babilonia el nombre y las reliquias, hijo y nieto, dice Jehová.
Y oí el número de los señalados: ciento cuarenta y cuatro mil señalados de todas las tribus de los hijos de Israel.
Y ella dijo: Señor, ninguno. Entonces Jesús le dijo: Ni yo te condeno: vete, y no peques más.
Y juntáronse los de Judá para pedir socorro á Jehová: y también de todas las ciudades de Judá vinieron á pedir á Jehová.
Y tomándolo de en medio de la tienda, trajéronlo á Josué y á todos los hijos de Israel, y pusiéronlo delante de Jehová.
Cuando alguno tomare mujer, y después de haber entrado á ella la aborreciere,
Poderío y hermosura delante de él; fortaleza y alegría en su morada.
No dando á nadie ningún escándalo, porque el ministerio nuestro no sea vituperado:
Y dijo Dios: Sea la luz: y fué la luz.
Y yo, he aquí yo endureceré el corazón de los Egipcios, para que los sigan: y yo me glorificaré en Faraón, y en todo su ejército, y en sus carros, y en su caballería;
Sabemos que cualquiera que es nacido de Dios, no peca; mas el que es engendrado de Dios, se guarda á sí mismo, y el maligno no le toca.
Y le dicen: ¿Con qué facultad haces estas cosas? ¿y quién te ha dado esta facultad para hacer estas cosas?
La reina, por las palabras del rey y de sus príncipes, entró á la sala del banquete. Y habló la reina, y dijo: Rey, para siempre vive, no te asombren tus pensamientos, ni tus colores se demuden:
Haz pues esto que te decimos: Hay entre nosotros cuatro hombres que tienen voto sobre sí:
Guárdate que no te olvides de Jehová, que te sacó de tierra de Egipto, de casa de siervos.
Mas si hubiere ido creciendo la postilla en la piel, después que fué mostrado al sacerdote para ser limpio, será visto otra vez del sacerdote:
Al cabo de siete años dejaréis cada uno á su hermano hebreo que te fuere vendido; te servirá pues seis años, y lo enviarás libre de ti: mas vuestros padres no me oyeron, ni inclinaron su oído.
Pasé junto á la heredad del hombre perezoso, y junto á la viña del hombre falto de entendimiento;
El príncipe falto de entendimiento multiplicará los agravios: mas el que aborrece la avaricia, prolongará sus días.
Estas son las familias de los hijos de Aser, por sus contados, cincuenta y tres mil y cuatrocientos.
A Jehová he puesto siempre delante de mí: porque está á mi diestra no seré conmovido.
De la tribu de Judá, doce mil señalados. De la tribu de Rubén, doce mil señalados. De la tribu de Gad, doce mil señalados.
Empero como las centellas se levantan para volar por el aire, así el hombre nace para la aflicción.
Quizá oirá la casa de Judá todo el mal que yo pienso hacerles, para volverse cada uno de su mal camino, y yo perdonaré su maldad y su pecado.
Haré más precioso que el oro fino al varón, y más que el oro de Ophir al hombre.
Esté ahora atento tu oído, y tus ojos abiertos, para oir la oración de tu siervo, que yo hago ahora delante de ti día y noche, por los hijos de Israel tus siervos; y confieso los pecados de los hijos de Israel que hemos contra ti cometido; sí, yo y la casa de mi padre hemos pecado.
Y dijo: ¿A qué es semejante el reino de Dios, y á qué le compararé?
Mas Jehová suscitó jueces que los librasen de mano de los que los despojaban.
Canta, oh hija de Sión: da voces de júbilo, oh Israel; gózate y regocíjate de todo corazón, hija de Jerusalem.
Leproso es, es inmundo; el sacerdote lo dará luego por inmundo; en su cabeza tiene su llaga.
Porque no es buen árbol el que da malos frutos; ni árbol malo el que da buen fruto.
Y eran ambos justos delante de Dios, andando sin reprensión en todos los mandamientos y estatutos del Señor.
Y ahora, reyes, entended: admitid corrección, jueces de la tierra.
Y el que por yerro comiere cosa sagrada, añadirá á ella su quinto, y darálo al sacerdote con la cosa sagrada.
Y el rey Joram se volvió á Jezreel, para curarse de las heridas que los Siros le hicieron delante de Ramoth, cuando peleó contra Hazael rey de Siria. Y descendió Ochôzías hijo de Joram rey de Judá, á visitar á Joram hijo de Achâb en Jezreel, porque estaba enfermo.
Y los de Beth-semes segaban el trigo en el valle; y alzando sus ojos vieron el arca, y holgáronse cuando la vieron.
Ora sea bueno, ora malo, á la voz de Jehová nuestro Dios, al cual te enviamos, obedeceremos; para que, obedeciendo á la voz de Jehová nuestro Dios, tengamos bien.
Y oyendo la mujer de Uría que su marido Uría era muerto, hizo duelo por su marido.
Y en Hasar-sual, y en Beer-seba, y en sus aldeas;
Y tú, fórmate otro ejército como el ejército que perdiste, caballos por caballos, y carros por carros; luego pelearemos con ellos en campo raso, y veremos si no los vencemos. Y él les dió oído, é hízolo así.
(Y él tendrá una tribu, por amor de David mi siervo, y por amor de Jerusalem, ciudad que yo he elegido de todas las tribus de Israel:)
Aquel mismo día santificó el rey el medio del atrio que estaba delante de la casa de Jehová: porque ofreció allí los holocaustos, y los presentes, y los sebos de los pacíficos; por cuanto el altar de bronce que estaba delante de Jehová era pequeño, y no cupieran en él los holocaustos, y los presentes, y los sebos de los pacíficos.
Por cuanto no salieron á recibir á los hijos de Israel con pan y agua, antes alquilaron á Balaam contra ellos, para que los maldijera: mas nuestro Dios volvió la maldición en bendición.
Y preguntó Ezechîas á los sacerdotes y á los Levitas acerca de los montones.
Y las cosas de Roboam, primeras y postreras, ¿no están escritas en los libros de Semeías profeta y de Iddo vidente, en la cuenta de los linajes? Y entre Roboam y Jeroboam hubo perpetua guerra.
Cainán, Mahalaleel, Jared,
Entonces Haggeo, enviado de Jehová, habló por mandado de Jehová, al pueblo, diciendo: Yo soy con vosotros, dice Jehová.
Mas con todo eso los altos no eran quitados de Israel, aunque el corazón de Asa fué perfecto mientras vivió.
Y los príncipes y el pueblo de Galaad dijeron el uno al otro: ¿Quién será el que comenzará la batalla contra los hijos de Ammón? él será cabeza sobre todos los que habitan en Galaad.
Mas ahora os he escrito, que no os envolváis, es á saber, que si alguno llamándose hermano fuere fornicario, ó avaro, ó idólatra, ó maldiciente, ó borracho, ó ladrón, con el tal ni aun comáis.
Porque en la muerte no hay memoria de ti: ¿quién te loará en el sepulcro?
Eliseo se fué luego á Damasco, y Ben-adad rey de Siria estaba enfermo, al cual dieron aviso, diciendo: El varón de Dios ha venido aquí.
Y Cephar-hammonai, Ophni, y Gaba; doce ciudades con sus aldeas:
Llevóme á la cámara del vino, y su bandera sobre mí fué amor.
Y junto á ella edificaron los varones de Jericó: y luego edificó Zachûr hijo de Imri.
Echaréis á todos los moradores del país de delante de vosotros, y destruiréis todas sus pinturas, y todas sus imágenes de fundición, y arruinaréis todos sus altos;
Tu boca metías en mal, y tu lengua componía engaño.
Mi aliento vino á ser extraño á mi mujer, aunque por los hijos de mis entrañas le rogaba.
Y los que habían sido esparcidos por causa de la tribulación que sobrevino en tiempo de Esteban, anduvieron hasta Fenicia, y Cipro, y Antioquía, no hablando á nadie la palabra, sino sólo á los Judíos.
Y dijeron los hijos de Israel: ¿Quién de todas las tribus de Israel no subió á la reunión cerca de Jehová? Porque se había hecho gran juramento contra el que no subiese á Jehová en Mizpa, diciendo: Sufrirá muerte.
Los hombres todos la ven; mírala el hombre de lejos.
Y en Gabaón habitaron Abiga-baón, la mujer del cual se llamó Maachâ:
Y de los hijos de Leví que quedaron: Subael, de los hijos de Amram; y de los hijos de Subael, Jehedías.
Y si se escondieren en la cumbre del Carmelo, allí los buscaré y los tomaré; y aunque se escondieren de delante de mis ojos en el profundo de la mar, allí mandaré á la culebra, y morderálos.
Mas no todos obedecen al evangelio; pues Isaías dice: Señor, ¿quién ha creído á nuestro anuncio?
Hijo del hombre, he aquí que yo te quito de golpe el deseo de tus ojos: no endeches, ni llores, ni corran tus lágrimas.
Y para sacrificio de paces, dos bueyes, cinco carneros, cinco machos de cabrío, cinco corderos de un año. Esta fué la ofrenda de Ahiezer, hijo de Ammisaddai.
Y al séptimo día el sacerdote mirará la llaga: y si la tiña no pareciere haberse extendido, ni hubiere en ella pelo rubio, ni pareciere la tiña más profunda que la tez,
No por obras, para que nadie se gloríe.
Entonces Esther llamó á Atach, uno de los eunucos del rey, que él había hecho estar delante de ella, y mandólo á Mardochêo, con orden de saber qué era aquello, y por qué.
Cómo entró en la casa de Dios, y comió los panes de la proposición, que no le era lícito comer, ni á los que estaban con él, sino á solos los sacerdotes?
Cuando Ochôzías comenzó á reinar era de cuarenta y dos años, y reinó un año en Jerusalem. El nombre de su madre fué Athalía, hija de Omri.
E hizo que la barra del medio pasase por medio de las tablas del un cabo al otro.
Y las eras se henchirán de trigo, y los lagares rebosarán de vino y aceite.
Se avergonzarán todos del pueblo que no les aprovechará, ni los socorrerá, ni les traerá provecho; antes les será para vergüenza, y aun para oprobio.
Destruiréis enteramente todos los lugares donde las gentes que vosotros heredareis sirvieron á sus dioses, sobre los montes altos, y sobre los collados, y debajo de todo árbol espeso:
Y dijéronle: Ciertamente nosotras volveremos contigo á tu pueblo.
Y que la plaga sea verde, ó bermeja, en vestido ó en piel, ó en estambre ó en trama, ó en cualquiera obra de piel; plaga es de lepra, y se ha de mostrar al sacerdote.
Porque de la presencia de las espadas huyen, de la presencia de la espada desnuda, de la presencia del arco entesado, de la presencia del peso de la batalla.
Los hijos de Phares: Hesrón y Hamul.
Cada uno temerá á su madre y á su padre, y mis sábados guardaréis: Yo Jehová vuestro Dios.
Porque será medicina á tu ombligo, y tuétano á tus huesos.
Y lo que quedare para el tercer día de la carne del sacrificio, será quemado en el fuego.
Mas no me oyeron ni inclinaron su oído; antes endurecieron su cerviz, é hicieron peor que sus padres.
Y Johanán, hijo de Carea, y todos los príncipes de la gente de guerra que estaban en el campo, vinieron á Gedalías en Mizpa,
Iba pues Josaphat creciendo altamente: y edificó en Judá fortalezas y ciudades de depósitos.
Y Moisés alisó dos tablas de piedra como las primeras; y levantóse por la mañana, y subió al monte de Sinaí, como le mandó Jehová, y llevó en su mano las dos tablas de piedra.
No habrá entre ellos cansado, ni que vacile; ninguno se dormirá ni le tomará sueño; á ninguno se le desatará el cinto de los lomos, ni se le romperá la correa de sus zapatos.
No tendrá temor de la nieve por su familia, porque toda su familia está vestida de ropas dobles.
Y le dijo uno: He aquí tu madre y tus hermanos están fuera, que te quieren hablar.
Y oré á Jehová, diciendo: Oh Señor Jehová, no destruyas tu pueblo y tu heredad que has redimido con tu grandeza, al cual sacaste de Egipto con mano fuerte.
Porque por mí he jurado, dice Jehová, que en asolamiento, en oprobio, en soledad, y en maldición, será Bosra; y todas sus ciudades serán en asolamientos perpetuos.
Mas ellos porfiaban, diciendo: Alborota al pueblo, enseñando por toda Judea, comenzando desde Galilea hasta aquí.
Así ha dicho Jehová: El que se quedare en esta ciudad morirá á cuchillo, ó de hambre, ó de pestilencia; mas el que saliere á los Caldeos vivirá, pues su vida le será por despojo, y vivirá.
Y los hijos de Gad: Ziphión, y Aggi, y Ezbón, y Suni, y Heri, y Arodi, y Areli.
En el mes séptimo, á los veinte y uno del mes, fué palabra de Jehová por mano del profeta Haggeo, diciendo:
Entonces sacrificaron la pascua, á los catorce del mes segundo; y los sacerdotes y los Levitas se santificaron con vergüenza, y trajeron los holocaustos á la casa de Jehová.
Y como Jezabel oyó que Naboth había sido apedreado y muerto, dijo á Achâb: Levántate y posee la viña de Naboth de Jezreel, que no te la quiso dar por dinero; porque Naboth no vive, sino que es muerto.
A los cuales dijo Rabsaces: Ahora pues, diréis á Ezechîas: El gran rey, el rey de Asiria, dice así: ¿Qué confianza es ésta en que confías?
Y ellos volvieren en sí en la tierra donde fueren cautivos; si se convirtieren, y oraren á ti en la tierra de los que los cautivaron, y dijeren: Pecamos, hemos hecho lo malo, hemos cometido impiedad;
Y si la mujer repudiare á su marido y se casare con otro, comete adulterio.
Y Saúl y ellos y todos lo de Israel, estaban en el valle del Alcornoque, peleando con los Filisteos.
Y si en lo ajeno no fuisteis fieles, ¿quién os dará lo que es vuestro?
Después Moisés hizo llegar los hijos de Aarón, y vistióles las túnicas, y ciñólos con cintos, y ajustóles los chapeos (tiaras), como Jehová lo había mandado á Moisés.
Pues ahora me cuentas los pasos, y no das tregua á mi pecado.
Y los hirió de grandísimo estrago desde Aroer hasta llegar á Minnith, veinte ciudades; y hasta la vega de las viñas. Así fueron domeñados los Ammonitas delante de los hijos de Israel.
En aquella hora dijo Jesús á las gentes: ¿Como á ladrón habéis salido con espadas y con palos á prenderme? Cada día me sentaba con vosotros enseñando en el templo, y no me prendisteis.
¿Qué tuviste, oh mar, que huiste? ¿y tú, oh Jordán, que te volviste atrás?
Los diáconos asimismo, deben ser honestos, no bilingües, no dados á mucho vino, no amadores de torpes ganancias;
Fortaleza mía, á ti cantaré; porque eres Dios de mi amparo, Dios de mi misericordia.
Al que hirió grandes reyes, porque para siempre es su misericordia;
Entonces habiendo Pablo recogido algunos sarmientos, y puéstolos en el fuego, una víbora, huyendo del calor, le acometió á la mano.
Y toda vasija de barro dentro de la cual cayere alguno de ellos, todo lo que estuviere en ella será inmundo, y quebraréis la vasija:
Mas el hombre no permanecerá en honra: es semejante á las bestias que perecen.
Y dijo: Henchid cuatro cántaros de agua, y derramadla sobre el holocausto y sobre la leña. Y dijo: Hacedlo otra vez; y otra vez lo hicieron. Dijo aún: Hacedlo la tercera vez; é hiciéronlo la tercera vez.
Y llegaron á Elim, donde había doce fuentes de aguas, y setenta palmas; y asentaron allí junto á las aguas.
Los contados de ellos, de la tribu de Issachâr, cincuenta y cuatro mil y cuatrocientos.
Y dijo: ¿Eres tú mi hijo Esaú? Y él respondió: Yo soy.
Existía entonces Jephté, Galaadita, hombre valiente, hijo de una ramera, al cual había engendrado Galaad.
El buey, ó el cordero, ó la cabra, cuando naciere, siete días estará mamando de su madre: mas desde el octavo día en adelante será acepto para ofrenda de sacrificio encendido á Jehová.
Y nosotros respondimos: No podemos ir: si nuestro hermano fuere con nosotros, iremos; porque no podemos ver el rostro del varón, no estando con nosotros nuestro hermano el menor.
Y voló hacia mí uno de los serafines, teniendo en su mano un carbón encendido, tomado del altar con unas tenazas:
Monte de Dios es el monte de Basán; monte alto el de Basán.
Y cuando ofrecéis el animal ciego para sacrificar, ¿no es malo? asimismo cuando ofrecéis el cojo ó el enfermo, ¿no es malo? Preséntalo pues á tu príncipe: ¿acaso se agradará de ti, ó le serás acepto? dice Jehová de los ejércitos.
Diciendo: Yo he pecado entregando la sangre inocente. Mas ellos dijeron: ¿Qué se nos da á nosotros? Viéras lo tú.
Hacia donde el espíritu era que anduviesen, andaban; hacia donde era el espíritu que anduviesen, las ruedas también se levantaban tras ellos; porque el espíritu de los animales estaba en las ruedas.
Y harás llegar los Levitas delante del tabernáculo del testimonio, y juntarás toda la congregación de los hijos de Israel;
Y Bernabé quería que tomasen consigo á Juan, el que tenía por sobrenombre Marcos;
Salió pues el pueblo, y trajeron, é hiciéronse cabañas, cada uno sobre su terrado, y en sus patios, y en los patios de la casa de Dios, y en la plaza de la puerta de las Aguas, y en la plaza de la puerta de Ephraim.
Cercáronme y asediáronme: en nombre de Jehová, que yo los romperé.
Y respondió Eliú hijo de Barachêl, Bucita, y dijo: Yo soy menor de días, y vosotros viejos; he tenido por tanto miedo, y temido declararos mi opinión.
Sino santificad al Señor Dios en vuestros corazones, y estad siempre aparejados para responder con mansedumbre y reverencia á cada uno que os demande razón de la esperanza que hay en vosotros:
Y Amasa se había revolcado en la sangre en mitad del camino: y viendo aquel hombre que todo el pueblo se paraba, apartó á Amasa del camino al campo, y echó sobre él una vestidura, porque veía que todos los que venían se paraban junto á él.
Entonces Moisés se volvió á Jehová, y dijo: Señor, ¿por qué afliges á este pueblo? ¿para qué me enviaste?
Unas veces por azote, otras por causa de su tierra, otras por misericordia las hará parecer.
Y respondió José á Faraón, diciendo: No está en mí; Dios será el que responda paz á Faraón.
El que hizo el Arcturo, y el Orión, y las Pléyadas, y los lugares secretos del mediodía:
Toda tú eres hermosa, amiga mía, y en ti no hay mancha.
Mírame, y ten misericordia de mí; porque estoy solo y afligido.
La carta que nos enviasteis claramente fué leída delante de mí.
El peso del oro que Salomón tenía de renta cada un año, era seiscientos sesenta y seis talentos de oro;
Y David mi padre tuvo en el corazón edificar casa al nombre de Jehová Dios de Israel.
E iban sus hijos y hacían banquetes en sus casas, cada uno en su día; y enviaban á llamar sus tres hermanas, para que comiesen y bebiesen con ellos.
La túnica santa de lino se vestirá, y sobre su carne tendrá pañetes de lino, y ceñiráse el cinto de lino; y con la mitra de lino se cubrirá: son las santas vestiduras: con ellas, después de lavar su carne con agua, se ha de vestir.
¿Pleitearía conmigo con grandeza de fuerza? No: antes él la pondría en mí.
El pobre escoge, para ofrecerle, madera que no se corrompa; búscase un maestro sabio, que le haga una imagen de talla que no se mueva.
No tendrá respeto á ninguna redención; ni querrá perdonar, aunque multipliques los dones.
Y prevalecieron las aguas sobre la tierra ciento y cincuenta días.
Desde aquel tiempo comenzó Jesús á declarar á sus discípulos que le convenía ir á Jerusalem, y padecer mucho de los ancianos, y de los príncipes de los sacerdotes, y de los escribas; y ser muerto, y resucitar al tercer día.
A los nueve del mes prevaleció el hambre en la ciudad, que no hubo pan para el pueblo de la tierra.
Así ha dicho Ben-adad: Tu plata y tu oro es mío, y tus mujeres y tus hijos hermosos son míos.
No hay temor de Dios delante de sus ojos.
Y viendo la reina de Seba la sabiduría de Salomón, y la casa que había edificado,
Mas Jehová hirió al rey con lepra, y fué leproso hasta el día de su muerte, y habitó en casa separada, y Jotham hijo del rey tenía el cargo del palacio, gobernando al pueblo de la tierra.
Y alzando mis ojos miré, y he aquí un varón vestido de lienzos, y ceñidos sus lomos de oro de Uphaz:
Y esta será su inmundicia en su flujo; sea que su carne destiló por causa de su flujo, ó que su carne se obstruyó á causa de su flujo, él será inmundo.
Vuestra madre se avergonzó mucho, afrentóse la que os engendró: he aquí será la postrera de las gentes: desierto, sequedad, y páramo.
Y los de su ciudad, los ancianos y los principales que moraban en su ciudad, lo hicieron como Jezabel les mandó, conforme á lo escrito en las cartas que ella les había enviado.
Porque así ha dicho Jehová: No faltará á David varón que se siente sobre el trono de la casa de Israel;
Y ella dijo á su marido: He aquí ahora, yo entiendo que éste que siempre pasa por nuestra casa, es varón de Dios santo.
Porque en la ley de Moisés está escrito: No pondrás bozal al buey que trilla. ¿Tiene Dios cuidado de los bueyes?
Desde el día que saqué mi pueblo de la tierra de Egipto, ninguna ciudad he elegido de todas las tribus de Israel para edificar casa donde estuviese mi nombre, ni he escogido varón que fuese príncipe sobre mi pueblo Israel.
Saeta afilada es la lengua de ellos; engaño habla; con su boca habla paz con su amigo, y dentro de sí pone sus asechanzas.
Estos fueron los hijos de Sem por sus familias, por sus lenguas, en sus tierras, en sus naciones.
Y Amán tomó el vestido y el caballo, y vistió á Mardochêo, y llevólo á caballo por la plaza de la ciudad, é hizo pregonar delante de él: Así se hará al varón cuya honra desea el rey.
Y los hijos de los Levitas trajeron el arca de Dios puesta sobre sus hombros en las barras, como lo había mandado Moisés conforme á la palabra de Jehová.
Venid á mí todos los que estáis trabajados y cargados, que yo os haré descansar.
De sus lados salían seis brazos; tres brazos del un lado del candelero, y otros tres brazos del otro lado del candelero:
Asimismo sacrificó, y quemó perfumes en los altos, y sobre los collados, y debajo de todo árbol umbroso.
Pero se volvieron y huyeron al desierto á la peña de Rimmón seiscientos hombres, los cuales estuvieron en la peña de Rimmón cuatro meses:
Y el rey respondió al pueblo duramente, dejado el consejo de los ancianos que ellos le habían dado;
Y vació dos columnas de bronce, la altura de cada cual era de diez y ocho codos: y rodeaba á una y á otra columna un hilo de doce codos.
Y causáronle amargura, y asaeteáronle, y aborreciéronle los archeros:
Y vino y los halló durmiendo; y dice á Pedro: ¿Simón, duermes? ¿No has podido velar una hora?
Y Maaseías, y Semeías, y Eleazar, y Uzzi, y Johanán, y Malchías, y Elam, y Ezer. Y los cantores cantaban alto, é Israhía era el prefecto.
Y fué que, como Jesús acabó estas palabras, las gentes se admiraban de su doctrina;
Y Saúl dijo: Echad suerte entre mí y Jonathán mi hijo. Y fué tomado Jonathán.
Aunque cavasen hasta el infierno, de allá los tomará mi mano; y si subieren hasta el cielo, de allá los haré descender.
Y entró otra vez en el pretorio, y dijo á Jesús: ¿De dónde eres tú? Mas Jesús no le dió respuesta.
E Irón, y Migdalel, y Horem, y Beth-anath, y Beth-semes: diez y nueve ciudades con sus aldeas.
Ahora pues, Jehová Dios, tú eres Dios, y tus palabras serán firmes, ya que has dicho á tu siervo este bien.
Y Moisés respondió á Jehová: Oiránlo luego los Egipcios, porque de en medio de ellos sacaste á este pueblo con tu fortaleza:
Que á nadie infamen, que no sean pendencieros, sino modestos, mostrando toda mansedumbre para con todos los hombres.
Mas cuando el sacerdote hubiere mirado la llaga de la tiña, y no pareciere estar más profunda que la tez, ni fuere en ella pelo negro, el sacerdote encerrará al llagado de la tiña por siete días:
Nuestros niños, nuestras mujeres, nuestros ganados, y todas nuestras bestias, estarán ahí en las ciudades de Galaad;
Y Amram tomó por mujer á Jochêbed su tía; la cual le parió á Aarón y á Moisés. Y los años de la vida de Amram fueron ciento treinta y siete años.
Y he aquí yo he dado á los hijos de Leví todos los diezmos en Israel por heredad, por su ministerio, por cuanto ellos sirven en el ministerio del tabernáculo del testimonio.
Porque para todo lo que quisieres hay tiempo y juicio; mas el trabajo del hombre es grande sobre él;
Y tú, Jehová Dios de los ejércitos, Dios de Israel, despierta para visitar todas las gentes: no hayas misericordia de todos los que se rebelan con iniquidad. (Selah.)
En aquel tiempo Salomón hizo fiesta, y con él todo Israel, una grande congregación, desde como entran en Hamath hasta el río de Egipto, delante de Jehová nuestro Dios, por siete días y otros siete días, esto es, por catorce días.
Si algún fiel ó alguna fiel tiene viudas, manténgalas, y no sea gravada la iglesia; á fin de que haya lo suficiente para las que de verdad son viudas.
Estos eran jefes de familias de los Levitas por sus linajes, jefes que habitaban en Jerusalem.
Estuvo pues junta con las mozas de Booz espigando, hasta que la siega de las cebadas y la de los trigos fué acabada; mas con su suegra habitó.
Y ella respondió: Bebe, señor mío: y dióse prisa á bajar su cántaro sobre su mano, y le dió á beber.
Así ha dicho el Señor Jehová: ¡Ay de los profetas insensatos, que andan en pos de su propio espíritu, y nada vieron!
Y subió Omri de Gibbethón, y con él todo Israel, y cercaron á Thirsa.
Por lo cual también contiene la Escritura: He aquí, pongo en Sión la principal piedra del ángulo, escogida, preciosa; y el que creyere en ella, no será confundido.
Jehová peleará por vosotros, y vosotros estaréis quedos.
Con todo los perdonó mi ojo, no matándolos, ni los consumí en el desierto;
Mas tú, Jehová, permanecerás para siempre: tu trono de generación en generación.
Ni deis lugar al diablo.
Y vino uno de los siete ángeles que tenían las siete copas, y habló conmigo, diciéndome: Ven acá, y te mostraré la condenación de la grande ramera, la cual está sentada sobre muchas aguas:
Y respondió el rey Assuero, y dijo á la reina Esther: ¿Quién es, y dónde está, aquél á quien ha henchido su corazón para obrar así?
Jehová también echará todas estas gentes de delante de vosotros y poseeréis gentes grandes y más fuertes que vosotros.
Y queda la hija de Sión como choza en viña, y como cabaña en melonar, como ciudad asolada.
Consideré mis caminos, y torné mis pies á tus testimonios.
Y los hijos de Rubén y los hijos de Gad tenían una muy grande muchedumbre de ganado; los cuales viendo la tierra de Jazer y de Galaad, parecióles el país lugar de ganado.
Y Moab será destruído para dejar de ser pueblo: porque se engrandeció contra Jehová.
Porque el que estima de sí que es algo, no siendo nada, á sí mismo se engaña.
Y meteré en el fuego la tercera parte, y los fundiré como se funde la plata, y probarélos como se prueba el oro. El invocará mi nombre, y yo le oiré, y diré: Pueblo mío; y él dirá: Jehová es mi Dios.
No pondrán sus pensamientos en volverse á su Dios, porque espíritu de fornicación está en medio de ellos, y no conocen á Jehová.
Y le dieron á beber vino mezclado con mirra; mas él no lo tomó.
Y vió Esaú cómo Isaac había bendecido á Jacob, y le había enviado á Padan-aram, para tomar para sí mujer de allí; y que cuando le bendijo, le había mandado, diciendo: No tomarás mujer de las hijas de Canaán;
He aquí ahora yo tengo dos hijas que no han conocido varón; os las sacaré afuera, y haced de ellas como bien os pareciere: solamente á estos varones no hagáis nada, pues que vinieron á la sombra de mi tejado.
Y mirad por vosotros, que vuestros corazones no sean cargados de glotonería y embriaguez, y de los cuidados de esta vida, y venga de repente sobre vosotros aquel día.
Y dijo á sus hermanos: Mi dinero se me ha devuelto, y aun helo aquí en mi saco. Sobresaltóseles entonces el corazón, y espantados dijeron el uno al otro: ¿Qué es esto que nos ha hecho Dios?
Mas el que guarda su palabra, la caridad de Dios está verdaderamente perfecta en él: por esto sabemos que estamos en él.
Jehová de los ejércitos habla así, diciendo: Este pueblo dice: No es aún venido el tiempo, el tiempo de que la casa de Jehová sea reedificada.
Entonces él dijo: Prendedlos vivos. Y después que los tomaron vivos, degolláronlos junto al pozo de la casa de esquileo, cuarenta y dos varones, sin dejar ninguno de ellos.
Y miróle Azarías el sumo sacerdote, y todos los sacerdotes, y he aquí la lepra estaba en su frente; é hiciéronle salir apriesa de aquel lugar; y él también se dió priesa á salir, porque Jehová lo había herido.
Mas el Siro huyó delante de Israel; y mató David de los Siros siete mil hombres de los carros, y cuarenta mil hombres de á pie: asimismo mató á Sophach, general del ejército.
Y fueron sus discípulos, y vinieron á la ciudad, y hallaron como les había dicho; y aderezaron la pascua.
De tal manera que aun se llevaban sobre los enfermos los sudarios y los pañuelos de su cuerpo, y las enfermedades se iban de ellos, y los malos espíritus salían de ellos.
Y estuvo el arca de Jehová en casa de Obed-edom Getheo tres meses: y bendijo Jehová á Obed-edom y á toda su casa.
¡Ay de la tierra que hace sombra con las alas, que está tras los ríos de Etiopía;
Cuando yo tuviere tiempo, yo juzgaré rectamente.
Entonces llamó también Faraón sabios y encantadores; é hicieron también lo mismo los encantadores de Egipto con sus encantamientos;
Y dijo: Un hombre tenía dos hijos;
El escudo de sus valientes será bermejo, los varones de su ejército vestidos de grana: el carro como fuego de hachas; el día que se aparejará, temblarán las hayas.
No deseches, hijo mío, el castigo de Jehová; ni te fatigues de su corrección:
Al Músico principal: sobre No destruyas: Michtam de David. oh congregación, ¿pronunciáis en verdad justicia? ¿juzgáis rectamente, hijos de los hombres?
Es cierto que al necio la ira lo mata, y al codicioso consume la envidia.
Y dijo: Ruégote que me dejes ir, porque tenemos sacrificio los de nuestro linaje en la ciudad, y mi hermano mismo me lo ha mandado; por tanto, si he hallado gracia en tus ojos, haré una escapada ahora, y visitaré á mis hermanos. Por esto pues no ha venido á la mesa del rey.
De Iddo, Zacarías; de Ginnethón, Mesullam;
Y santificaré mi grande nombre profanado entre las gentes, el cual profanasteis vosotros en medio de ellas; y sabrán las gentes que yo soy Jehová, dice el Señor Jehová, cuando fuere santificado en vosotros delante de sus ojos.
Lo demás de los hechos de Abiam, y todas las cosas que hizo, ¿no están escritas en el libro de las crónicas de los reyes de Judá? Y hubo guerra entre Abiam y Jeroboam.
Midió asimismo la entrada de la puerta por de dentro, una caña.
Y aconteció al día siguiente, que apartándose ellos del monte, gran compañía les salió al encuentro.
Levantad en alto vuestros ojos, y mirad quién crió estas cosas: él saca por cuenta su ejército: á todas llama por sus nombres; ninguna faltará: tal es la grandeza de su fuerza, y su poder y virtud.
Alégrate, oh estéril, la que no paría; levanta canción, y da voces de júbilo, la que nunca estuvo de parto: porque más son los hijos de la dejada que los de la casada, ha dicho Jehová.
Y Tornéme, y alcé mis ojos, y miré, y he aquí un rollo que volaba.
Y viendo los hijos de Ammón que se habían hecho odiosos á David, enviaron los hijos de Ammón y tomaron á sueldo á los Siros de la casa de Rehob, y á los Siros de Soba, veinte mil hombres de á pie: y del rey de Maaca mil hombres, y de Is-tob doce mil hombres.
Escribió pues Jeremías en un libro todo el mal que había de venir sobre Babilonia, todas las palabras que están escritas contra Babilonia.
Habla á Roboam hijo de Salomón, rey de Judá, y á toda la casa de Judá y de Benjamín, y á los demás del pueblo, diciendo:
Y el rey del norte volverá á poner en campo mayor multitud que primero, y á cabo del tiempo de años vendrá á gran priesa con grande ejército y con muchas riquezas.
Y David estaba entonces en la fortaleza, y había á la sazón guarnición de Filisteos en Beth-lehem.
Este mandamiento, hijo Timoteo, te encargo, para que, conforme á las profecías pasadas de ti, milites por ellas buena milicia;
Y juntáronse los hijos de Benjamín en un escuadrón con Abner, y paráronse en la cumbre del collado.
Entonces se levantó Phinees, é hizo juicio; y se detuvo la plaga.
Por esto el rey con ira y con grande enojo, mandó que matasen á todos los sabios de Babilonia.
De cierto os digo que donde quiera que fuere predicado este evangelio en todo el mundo, también esto que ha hecho ésta, será dicho para memoria de ella.
Porque tuve miedo de ti, que eres hombre recio; tomas lo que no pusiste, y siegas lo que no sembraste.
Cuando oyeres de alguna de tus ciudades que Jehová tu Dios te da para que mores en ellas, que se dice:
Y llegándose los Fariseos y los Saduceos para tentarle, le pedían que les mostrase señal del cielo.
Todos los que quieren agradar en la carne, éstos os constriñen á que os circuncidéis, solamente por no padecer persecución por la cruz de Cristo.
Dijeron entonces todos los árboles al escaramujo: Anda tú, reina sobre nosotros.
Palabras del Predicador, hijo de David, rey en Jerusalem.
Y ya que Salomón era viejo, sus mujeres inclinaron su corazón tras dioses ajenos; y su corazón no era perfecto con Jehová su Dios, como el corazón de su padre David.
El sexto para el sexto mes era Hira hijo de Icces, de Tecoa; y en su división veinte y cuatro mil.
Y he aquí, que herí mi mano á causa de tu avaricia que cometiste, y á causa de tus sangres que fueron en medio de ti.
Y este será el derecho de los sacerdotes de parte del pueblo, de los que ofrecieren en sacrificio buey ó cordero: darán al sacerdote la espalda, y las quijadas, y el cuajar.
Aquí estoy; atestiguad contra mí delante de Jehová y delante de su ungido, si he tomado el buey de alguno, ó si he tomado el asno de alguno, ó si he calumniado á alguien, ó si he agraviado á alguno, ó si de alguien he tomado cohecho por el cual haya cubierto mis ojos: y os satisfaré.
Y multiplicaste sus hijos como las estrellas del cielo, y metístelos en la tierra, de la cual habías dicho á sus padres que habían de entrar á poseerla.
Por tanto enviad inmediatamente, y dad aviso á David, diciendo: No quedes esta noche en los campos del desierto, sino pasa luego el Jordán, porque el rey no sea consumido, y todo el pueblo que con él está.
Partióse pues, y vino al varón de Dios al monte del Carmelo. Y cuando el varón de Dios la vió de lejos, dijo á su criado Giezi: He aquí la Sunamita:
Y propúsoles también una parábola sobre que es necesario orar siempre, y no desmayar,
Goteará como la lluvia mi doctrina; destilará como el rocío mi razonamiento; como la llovizna sobre la grama, y como las gotas sobre la hierba:
Por tanto sus mancebos caerán en sus plazas, y todos su hombres de guerra serán talados en aquel día, dice Jehová.
Haz bien, oh Jehová, á los buenos, y á los que son rectos en sus corazones.
Todo el reino de Og en Basán, el cual reinó en Astaroth y Edrei, el cual había quedado del residuo de los Rapheos; pues Moisés los hirió, y echó.
Y con su sagacidad hará prosperar el engaño en su mano; y en su corazón se engrandecerá, y con paz destruirá á muchos: y contra el príncipe de los príncipes se levantará; mas sin mano será quebrantado.
Y los hijos de Ammón salieron, y ordenaron su tropa á la entrada de la ciudad; y los reyes que habían venido, estaban por sí en el campo.
El quitó los altos, y quebró las imágenes, y taló los bosques, é hizo pedazos la serpiente de bronce que había hecho Moisés, porque hasta entonces le quemaban perfumes los hijos de Israel; y llamóle por nombre Nehustán.
Y pondrás la mitra sobre su cabeza, y sobre la mitra pondrás la diadema santa.
Pues no debiste tú estar mirando en el día de tu hermano, el día en que fué extrañado: no te habías de haber alegrado de los hijos de Judá en el día que se perdieron, ni habías de ensanchar tu boca en el día de la angustia:
Y fué y se llegó á uno de los ciudadanos de aquella tierra, el cual le envió á su hacienda para que apacentase los puercos.
Salmo de alabanza: de David. ensalzarte he, mi Dios, mi Rey; y bendeciré tu nombre por siglo y para siempre.
Mas Cristo como hijo, sobre su casa; la cual casa somos nosotros, si hasta el cabo retuviéremos firme la confianza y la gloria de la esperanza.
Y parte cayó en pedregales, donde no tenía mucha tierra; y nació luego, porque no tenía profundidad de tierra:
Si nos hubiésemos olvidado del nombre de nuestro Dios, ó alzado nuestras manos á dios ajeno,
Y también le dió poder de hacer juicio, en cuanto es el Hijo del hombre.
Mas Pedro le seguía de lejos hasta el patio del pontífice; y entrando dentro, estábase sentado con los criados, para ver el fin.
Porque no confiaré en mi arco, ni mi espada me salvará.
El hombre de bien tiene misericordia y presta; gobierna sus cosas con juicio.
Así que, hermanos, os ruego por las misericordias de Dios, que presentéis vuestros cuerpos en sacrificio vivo, santo, agradable á Dios, que es vuestro racional culto.
Por tanto os será este pecado como pared abierta que se va á caer, y como corcova en alto muro, cuya caída viene súbita y repentinamente.
En esto conocerán todos que sois mis discípulos, si tuviereis amor los unos con los otros.
Porque he aquí que yo convoco todas las familias de los reinos del aquilón, dice Jehová; y vendrán, y pondrá cada uno su asiento á la entrada de las puertas de Jerusalem, y junto á todos sus muros en derredor, y en todas las ciudades de Judá.
Y otra parte cayó en buena tierra, y dió fruto, que subió y creció: y llevó uno á treinta, y otro á sesenta, y otro á ciento.
ZAIN. Acuérdate de la palabra dada á tu siervo, en la cual me has hecho esperar.
Y de la tribu de Gad, á Ramot en Galaad con sus ejidos, y á Mahanaim con sus ejidos,
Y no traerán leña del campo, ni cortarán de los bosques, sino que quemarán las armas en el fuego: y despojarán á sus despojadores, y robarán á los que los robaron, dice el Señor Jehová.
Y á los dieciocho años del rey Josías, fué que envió el rey á Saphán hijo de Azalía, hijo de Mesullam, escriba, á la casa de Jehová, diciendo:
Y pondré la tierra en desierto y en soledad, y cesará la soberbia de su fortaleza; y los montes de Israel serán asolados, que no haya quien pase.
Las reliquias se convertirán, las reliquias de Jacob, al Dios fuerte.
Y Josaphat rey de Judá se volvió en paz á su casa en Jerusalem.
Este es el traslado de la carta que enviaron: Al rey Artajerjes: Tus siervos de la otra parte del río, etcétera.
Y les dirás: Cuando ofreciereis lo mejor de ellos, será contado á los Levitas por fruto de la era, y como fruto del lagar.
Entonces Daniel respondió, y dijo delante del rey: Tus dones sean para ti, y tus presentes dalos á otro. La escritura yo la leeré al rey, y le mostraré la declaración.
¿O cuál rey, habiendo de ir á hacer guerra contra otro rey, sentándose primero no consulta si puede salir al encuentro con diez mil al que viene contra él con veinte mil?
Mas con esta condición os haremos placer: si habéis de ser como nosotros, que se circuncide entre vosotros todo varón;
Mas pasaréis el Jordán, y habitaréis en la tierra que Jehová vuestro Dios os hace heredar, y él os dará reposo de todos vuestros enemigos alrededor, y habitaréis seguros.
Mas de muchos de ellos no se agradó Dios; por lo cual fueron postrados en el desierto.
Y dijo á los hijos de Israel: Así ha dicho Jehová el Dios de Israel: Yo saqué á Israel de Egipto, y os libré de mano de los Egipcios, y de mano de todos los reinos que os afligieron:
Y si el que tiene flujo escupiere sobre el limpio, éste lavará sus vestidos, y después de haberse lavado con agua, será inmundo hasta la tarde.
En Hebrón reinó sobre Judá siete años y seis meses: y en Jerusalem reinó treinta y tres años sobre todo Israel y Judá.
Entonces dijo Moisés á Aarón: Esto es lo que habló Jehová, diciendo: En mis allegados me santificaré, y en presencia de todo el pueblo seré glorificado. Y Aarón calló.
Y habitó las ciudades asoladas, las casas inhabitadas, que estaban puestas en montones.
¿Has visto hombre ligero en sus palabras? más esperanza hay del necio que de él.
Y los de los linajes, y de los pueblos, y de las lenguas, y de los Gentiles verán los cuerpos de ellos por tres días y medio, y no permitirán que sus cuerpos sean puestos en sepulcros.
Y el rey de Israel respondió, y dijo: Como tú dices, rey señor mío, yo soy tuyo, y todo lo que tengo.
Y como acabó Jacob de dar órdenes á sus hijos, encogió sus pies en la cama, y espiró: y fué reunido con sus padres.
Trabajad no por la comida que perece, mas por la comida que á vida eterna permanece, la cual el Hijo del hombre os dará: porque á éste señaló el Padre, que es Dios.
Los que son de tu grey han morado en ella: por tu bondad, oh Dios, has provisto al pobre.
Vienen, pues, á Jerusalem; y entrando Jesús en el templo, comenzó á echar fuera á los que vendían y compraban en el templo; y trastornó las mesas de los cambistas, y las sillas de los que vendían palomas;
Un mandamiento nuevo os doy: Que os améis unos á otros: como os he amado, que también os améis los unos á los otros.
Porque yo le mostraré cuánto le sea menester que padezca por mi nombre.
Entonces Joab tocó el cuerno, y todo el pueblo se detuvo, y no siguió más á los de Israel, ni peleó más.
Llegándose luego el profeta al rey de Israel, le dijo: Ve, fortalécete, y considera y mira lo que has de hacer; porque pasado el año, el rey de Siria ha de venir contra ti.
Los cielos descubrirán su iniquidad, y la tierra se levantará contra él.
Y he aquí he puesto sobre ti cuerdas, y no te tornarás del un tu lado al otro lado, hasta que hayas cumplido los días de tu cerco.
Así que, hermanos, estad firmes, y retened la doctrina que habéis aprendido, sea por palabra, ó por carta nuestra.
Ellos entonces los despacharon amenazándolos, no hallando ningún modo de castigarlos, por causa del pueblo; porque todos glorificaban á Dios de lo que había sido hecho.
Porque no es Judío el que lo es en manifiesto; ni la circuncisión es la que es en manifiesto en la carne:
Y viniendo á la casa de su padre en Ophra, mató á sus hermanos los hijos de Jerobaal, setenta varones, sobre una piedra: mas quedó Jotham, el más pequeño hijo de Jerobaal, que se escondió.
El que dijere al malo, Justo eres, los pueblos lo maldecirán, y le detestarán las naciones:
Mas tú derribado eres en el sepulcro, á los lados de la huesa.
Hundiéronse las gentes en la fosa que hicieron; en la red que escondieron fué tomado su pie.
HE. Enséñame, oh Jehová, el camino de tus estatutos, y guardarélo hasta el fin.
Empero que no se aumente caballos, ni haga volver el pueblo á Egipto para acrecentar caballos: porque Jehová os ha dicho: No procuraréis volver más por este camino.
Y despertó Noé de su vino, y supo lo que había hecho con él su hijo el más joven;
El cual es la imagen del Dios invisible, el primogénito de toda criatura.
Y habiendo ayunado cuarenta días y cuarenta noches, después tuvo hambre.
Y tornaré camino todos mis montes, y mis calzadas serán levantadas.
Y la cámara que mira hacia el norte es de los sacerdotes que tienen la guarda del altar: estos son los hijos de Sadoc, los cuales son llamados de los hijos de Leví al Señor, para ministrarle.
Y el hermano entregará al hermano á la muerte, y el padre al hijo; y los hijos se levantarán contra los padres, y los harán morir.
Séme por peña de estancia, adonde recurra yo continuamente: mandado has que yo sea salvo; porque tú eres mi roca, y mi fortaleza.
Todos ellos darán voces, y te dirán: ¿Tú también enfermaste como nosotros, y como nosotros fuiste?
Y Michêas dijo: Si tú volvieres en paz, Jehová no ha hablado por mí. Dijo además: Oid lo, pueblos todos.
Dísteme asimismo el escudo de tu salud: y tu diestra me sustentó, y tu benignidad me ha acrecentado.
No ensuciéis vuestras personas con ningún reptil que anda arrastrando, ni os contaminéis con ellos, ni seáis inmundos por ellos.
Y en Beth-marchâboth, y en Hasasusim, y en Beth-birai, y en Saaraim. Estas fueron sus ciudades hasta el reino de David.
Por esto Dios los entregó á afectos vergonzosos; pues aun sus mujeres mudaron el natural uso en el uso que es contra naturaleza:
Para que el reino fuese abatido y no se levantase, sino que guardase su alianza y estuviese en ella.
Y el rey mandó á Joab y á Abisai y á Ittai, diciendo: Tratad benignamente por amor de mí al mozo Absalom. Y todo el pueblo oyó cuando dió el rey orden acerca de Absalom á todos los capitanes.
Y mandó José á sus médicos familiares que embalsamasen á su padre: y los médicos embalsamaron á Israel.
¡Cómo fué presa Sesach, y fué tomada la que era alabada por toda la tierra! ¡Cómo fué Babilonia por espanto entre las gentes!
Pues visitaré á los que moran en tierra de Egipto, como visité á Jerusalem, con cuchillo, y con hambre, y con pestilencia.
El que guarda el mandamiento, guarda su alma: mas el que menospreciare sus caminos, morirá.
Y Dios, que conoce los corazones, les dió testimonio, dándoles el Espíritu Santo también como á nosotros;
E hizo la tierra en aquellos siete años de hartura á montones.
Y le dijeron: ¿Dónde está Sara tu mujer? Y él respondió: Aquí en la tienda.
Les dirás también: Cualquier varón de la casa de Israel, ó de los extranjeros que peregrinan entre vosotros, que ofreciere holocausto ó sacrificio,
Mas id, decid á sus discípulos y á Pedro, que él va antes que vosotros á Galilea: allí le veréis, como os dijo.
Y estará sobre Aarón cuando ministrare; y oiráse su sonido cuando él entrare en el santuario delante de Jehová y cuando saliere, porque no muera.
Y parando nosotros allí por muchos días, descendió de Judea un profeta, llamado Agabo;
Mi embrión vieron tus ojos, y en tu libro estaban escritas todas aquellas cosas que fueron luego formadas, sin faltar una de ellas.
Mas el pontífice Joiada tomó un arca, é hízole en la tapa un agujero, y púsola junto al altar, á la mano derecha como se entra en el templo de Jehová; y los sacerdotes que guardaban la puerta, ponían allí todo el dinero que se metía en la casa de Jehová.
Y cuando la mujer tuviere flujo de sangre, y su flujo fuere en su carne, siete días estará apartada; y cualquiera que tocare en ella, será inmundo hasta la tarde.
Todo lo que abriere matriz en toda carne que ofrecerán á Jehová, así de hombres como de animales, será tuyo: mas has de hacer redimir el primogénito del hombre: también harás redimir el primogénito de animal inmundo.
Y aconteció que la misma noche le dijo Jehová: Toma un toro del hato de tu padre, y otro toro de siete años, y derriba el altar de Baal que tu padre tiene, y corta también el bosque que está junto á él:
Venid, ved un hombre que me ha dicho todo lo que he hecho: ¿si quizás es éste el Cristo?
Porque debiendo ser ya maestros á causa del tiempo, tenéis necesidad de volver á ser enseñados cuáles sean los primeros rudimentos de las palabras de Dios; y habéis llegado á ser tales que tengáis necesidad de leche, y no de manjar sólido.
Y otro día llegamos á Sidón; y Julio, tratando á Pablo con humanidad, permitióle que fuese á los amigos, para ser de ellos asistido.
¿Nos es lícito dar tributo á César, ó no?
Y acontecía que, cuando alguno se llegaba para inclinarse á él, él extendía la mano, y lo tomaba, y lo besaba.
En aquel tiempo se dirá de este pueblo y de Jerusalem: Viento seco de las alturas del desierto vino á la hija de mi pueblo, no para aventar, ni para limpiar.
Ellos tendrán por suerte, apartada en la partición de la tierra, la parte santísima, junto al término de los Levitas.
Y fué sepultado en su sepulcro en el huerto de Uzza, y reinó en su lugar Josías su hijo.
Hizo también en el oráculo dos querubines de madera de oliva, cada uno de altura de diez codos.
Y oyó Abram que su hermano estaba prisionero, y armó sus criados, los criados de su casa, trescientos dieciocho, y siguiólos hasta Dan.
Hijo de Sallum, hijo de Sadoc, hijo de Achîtob,
Con todo eso, no se volvió Jehová del ardor de su grande ira, con que se había encendido su enojo contra Judá, por todas las provocaciones con que Manasés le había irritado.
Por tanto, el prudente en tal tiempo calla, porque el tiempo es malo.
Y clamaban en alta voz diciendo: ¿Hasta cuándo, Señor, santo y verdadero, no juzgas y vengas nuestra sangre de los que moran en la tierra?
Y no tenían hijo, porque Elisabet era estéril, y ambos eran avanzados en días.
Sé sabio, hijo mío, y alegra mi corazón, y tendré qué responder al que me deshonrare.
Estas cosas os he hablado, para que en mí tengáis paz. En el mundo tendréis aflicción: mas confiad, yo he vencido al mundo.
Y nosotros nos armaremos, é iremos con diligencia delante de los hijos de Israel, hasta que los metamos en su lugar: y nuestros niños quedarán en ciudades fuertes á causa de los moradores del país.
Y oyóse en ella voz de compañía en holganza: y con los varones fueron traídos de la gente común los Sabeos del desierto; y pusieron manillas sobre sus manos, y coronas de gloria sobre sus cabezas.
Y dijo á Moisés: Sube á Jehová, tú, y Aarón, Nadab, y Abiú, y setenta de los ancianos de Israel; y os inclinaréis desde lejos.
Y como vinieron á Misia, tentaron de ir á Bithynia; mas el Espíritu no les dejó.
De manera que del que quiere tiene misericordia; y al que quiere, endurece.
El sol y la luna se pararon en su estancia: á la luz de tus saetas anduvieron, y al resplandor de tu fulgente lanza.
Así el sacerdote le dió el pan sagrado, porque allí no había otro pan que los panes de la proposición, los cuales habían sido quitados de delante de Jehová, para que se pusiesen panes calientes el día que los otros fueron quitados.
Tomando á éstos contigo, purifícate con ellos, y gasta con ellos, para que rasuren sus cabezas, y todos entiendan que no hay nada de lo que fueron informados acerca de ti; sino que tú también andas guardando la ley.
Entonces Pedro, llegándose á él, dijo: Señor, ¿cuántas veces perdonaré á mi hermano que pecare contra mí? ¿hasta siete?
Y dijo: No se enoje ahora mi Señor, si hablare: quizá se hallarán allí treinta. Y respondió: No lo haré si hallare allí treinta.
Porque algunos hombres han entrado encubiertamente, los cuales desde antes habían estado ordenados para esta condenación, hombres impíos, convirtiendo la gracia de nuestro Dios en disolución, y negando á Dios que solo es el que tiene dominio, y á nuestro Señor Jesucristo.
Empero vosotros sois los que habéis permanecido conmigo en mis tentaciones:
Aguas de avenida vinieron sobre mi cabeza; yo dije: Muerto soy.
Entonces, llegándose los discípulos á Jesús, aparte, dijeron: ¿Por qué nosotros no lo pudimos echar fuera?
Y mora con él algunos días, hasta que el enojo de tu hermano se mitigue;
Os digo que éste descendió á su casa justificado antes que el otro; porque cualquiera que se ensalza, será humillado; y el que se humilla, será ensalzado.
Y él les dijo: Idos, y de aquí á tres días volved á mí. Y el pueblo se fué.
Y habrá gran clamor por toda la tierra de Egipto, cual nunca fué, ni jamás será.
Y vinieron los Fariseos, y comenzaron á altercar con él, pidiéndole señal del cielo, tentándole.
Mas seréis entregados aun de vuestros padres, y hermanos, y parientes, y amigos; y matarán á algunos de vosotros.
Y harás á la puerta del tabernáculo una cortina de cárdeno, y púrpura, y carmesí, y lino torcido, obra de bordador.
Denuncia pues estas cosas, para que sean sin reprensión.
No matarás.
Y echándose debajo del enebro, quedóse dormido: y he aquí luego un ángel que le tocó, y le dijo: Levántate, come.
Consumidos serán de hambre, y comidos de fiebre ardiente y de amarga pestilencia; diente de bestias enviaré también sobre ellos, con veneno de serpiente de la tierra.
Apacentad la grey de Dios que está entre vosotros, teniendo cuidado de ella, no por fuerza, sino voluntariamente; no por ganancia deshonesta, sino de un ánimo pronto;
Y esta fué la palabra de Jehová que había hablado á Jehú, diciendo: Tus hijos hasta la cuarta generación se sentarán en el trono de Israel. Y fué así.
Y aconteció, que descendiendo Moisés del monte Sinaí con las dos tablas del testimonio en su mano, mientras descendía del monte, no sabía él que la tez de su rostro resplandecía, después que hubo con El hablado.
Y engastaron en él cuatro órdenes de piedras. El primer orden era un sardio, un topacio, y un carbunclo: este el primer orden.
La sangre pues de ellos recaerá sobre la cabeza de Joab, y sobre la cabeza de su simiente para siempre: mas sobre David y sobre su simiente, y sobre su casa y sobre su trono, habrá perpetuamente paz de parte de Jehová.
Haz que tu rostro resplandezca sobre tu siervo; y enséñame tus estatutos.
Y tu pueblo, todos ellos serán justos, para siempre heredarán la tierra; renuevos de mi plantío, obra de mis manos, para glorificarme.
Todos los contados en el ejército de Dan, ciento cincuenta y siete mil y seiscientos: irán los postreros tras sus banderas.
El quinto, Sephatías, de Abithal; el sexto, Itream, de Egla su mujer.
Hijo del hombre, pon tu rostro hacia los montes de Israel, y profetiza contra ellos.
Y dejándolos, se salió fuera de la ciudad, á Bethania; y posó allí.
Y Bacbaccar, Heres, y Galal, y Mattanía hijo de Michâs, hijo de Zichri, hijo de Asaph;
Cuando, haciendo terriblezas cuales nunca esperábamos, descendiste, fluyeron los montes delante de ti.
Entonces Pilato, oyendo este dicho, llevó fuera á Jesús, y se sentó en el tribunal en el lugar que se dice Lithóstrotos, y en hebreo Gabbatha.
Pedid, y se os dará; buscad, y hallaréis; llamad, y se os abrirá.
Mas en aquel día yo te libraré, dice Jehová, y no serás entregado en mano de aquellos de quienes tú temes.
Todos tus enemigos abrieron sobre ti su boca, silbaron, y rechinaron los dientes; dijeron: Devoremos: cierto éste es el día que esperábamos; lo hemos hallado, vímoslo.
Alargó su mano al pobre, y extendió sus manos al menesteroso.
No tendrás temor de pavor repentino, ni de la ruina de los impíos cuando viniere:
Porque no nos ha puesto Dios para ira, sino para alcanzar salud por nuestro Señor Jesucristo;
Y el varón Jeroboam era valiente y esforzado; y viendo Salomón al mancebo que era hombre activo, encomendóle todo el cargo de la casa de José.
En aquel día pondré los capitanes de Judá como un brasero de fuego en leña, y como una hacha de fuego en gavillas; y consumirán á diestra y á siniestra todos los pueblos alrededor: y Jerusalem será otra vez habitada en su lugar, en Jerusalem.
Sus puertas fueron echadas por tierra, destruyó y quebrantó sus cerrojos: su rey y sus príncipes están entre las gentes donde no hay ley; sus profetas tampoco hallaron visión de Jehová.
Empero yo estoy á pique de claudicar, y mi dolor está delante de mí continuamente.
Porque las criaturas sujetas fueron á vanidad, no de grado, mas por causa del que las sujetó con esperanza,
¿No es éste el hijo del carpintero? ¿no se llama su madre María, y sus hermanos Jacobo y José, y Simón, y Judas?
Y anduvo en todos los caminos en que su padre anduvo, y sirvió á las inmundicias á las cuales había servido su padre, y á ellas adoró;
Porque todo lo que Dios crió es bueno, y nada hay que desechar, tomándose con hacimiento de gracias:
Y el que le entregaba les había dado señal, diciendo: Al que yo besare, aquél es: prendedle.
Viva Jehová, y sea bendita mi roca; y ensalzado sea el Dios de mi salud:
Y aconteció en el año undécimo, en el mes tercero, al primero del mes, que fué á mí palabra de Jehová, diciendo:
En aquel tiempo habrá altar para Jehová en medio de la tierra de Egipto, y el trofeo de Jehová junto á su término.
Que no comiere sobre los montes, ni alzare sus ojos á los ídolos de la casa de Israel, ni violare la mujer de su prójimo, ni llegare á la mujer menstruosa,
Entonces me llamarán, y no responderé; buscarme han de mañana, y no me hallarán:
No endurezcáis pues ahora vuestra cerviz como vuestros padres: dad la mano á Jehová, y venid á su santuario, el cual él ha santificado para siempre; y servid á Jehová vuestro Dios, y la ira de su furor se apartará de vosotros.
Mas ellos no entendían esta palabra, y les era encubierta para que no la entendiesen; y temían preguntarle de esta palabra.
Y los hijos de Judá: Er, y Onán, y Sela, y Phares, y Zara: mas Er y Onán, murieron en la tierra de Canaán. Y los hijos de Phares fueron Hezrón y Hamul.
Y envióle á su casa, diciendo: No entres en la aldea, ni lo digas á nadie en la aldea.
Y se volvieron los pastores glorificando y alabando á Dios de todas las cosas que habían oído y visto, como les había sido dicho.
Gracias á Dios por su don inefable.
Y las salutaciones en las plazas, y ser llamados de los hombres Rabbí, Rabbí.
Y demandó de él letras para Damasco á las sinagogas, para que si hallase algunos hombres ó mujeres de esta secta, los trajese presos á Jerusalem.
Venid y volvámonos á Jehová: que él arrebató, y nos curará; hirió, y nos vendará.
Y los sacerdotes, los profetas, y todo el pueblo, oyeron á Jeremías hablar estas palabras en la casa de Jehová.
Los hijos de Jehieli, Zethán y Joel su hermano, tuvieron cargo de los tesoros de la casa de Jehová.
También en la obra de este muro instauré mi parte, y no compramos heredad: y todos mis criados juntos estaban allí á la obra.
Ahora pues, oye palabra de Jehová. Tú dices: No profetices contra Israel, ni hables contra la casa de Isaac:
Y aconteció que al cabo de veinte años que Salomón había edificado la casa de Jehová y su casa,
Y llevóme al atrio interior hacia el oriente, y midió la puerta conforme á estas medidas.
Y sin hallar en él causa de muerte, pidieron á Pilato que le matasen.
Y partidos de Elim, asentaron junto al mar Bermejo.
Cuando los justos se alegran, grande es la gloria; mas cuando los impíos son levantados, es buscado el hombre.
Y no queréis venir á mí, para que tengáis vida.
Y aquel día no me preguntaréis nada. De cierto, de cierto os digo, que todo cuanto pidiereis al Padre en mi nombre, os lo dará.
Les hablarás pues mis palabras, escuchen ó dejen de escuchar; porque son muy rebeldes.
Alegraos, justos, en Jehová: á los rectos es hermosa la alabanza.
Y vosotros sois testigos de estas cosas.
Mi espíritu fué turbado, yo Daniel, en medio de mi cuerpo, y las visiones de mi cabeza me asombraron.
Bendita sea entre las mujeres Jael, mujer de Heber Cineo; sobre las mujeres bendita sea en la tienda.
Porque los querubines tenían extendidas las alas sobre el lugar del arca, y así cubrían los querubines el arca y sus varas por encima.
Toda vianda que se come, sobre la cual viniere el agua de tales vasijas, será inmunda: y toda bebida que se bebiere, será en todas esas vasijas inmunda:
Bendito el Señor Dios de Israel, que ha visitado y hecho redención á su pueblo,
Salgamos pues á él fuera del real, llevando su vituperio.
Por tanto, así ha dicho Jehová: Tu mujer fornicará en la ciudad, y tus hijos y tus hijas caerán á cuchillo, y tu tierra será partida por suertes; y tú morirás en tierra inmunda, é Israel será traspasado de su tierra.
Lod, y Ono, valle de los artífices.
Y haré de ti una nación grande, y bendecirte he, y engrandeceré tu nombre, y serás bendición:
Entonces respondió José á Faraón: El sueño de Faraón es uno mismo: Dios ha mostrado á Faraón lo que va á hacer.
Porque Jehová da la sabiduría, y de su boca viene el conocimiento y la inteligencia.
Abominación es á Jehová todo altivo de corazón: aunque esté mano sobre mano, no será reputado inocente.
No verás el asno de tu hermano, ó su buey, caídos en el camino, y te esconderás de ellos: con él has de procurar levantarlos.
Y será que, cuando te sobrevinieren todas estas cosas, la bendición y la maldición que he puesto delante de ti, y volvieres á tu corazón en medio de todas las gentes á las cuales Jehová tu Dios te hubiere echado,
Ahora, pues, mira que ahora no bebas vino, ni sidra, ni comas cosa inmunda.
Mas Jehová fué con José, y fué varón prosperado: y estaba en la casa de su señor el Egipcio.
Entre los muertos á cuchillo caerán: al cuchillo es entregado: traedlo á él y á todos sus pueblos.
Y enterado del centurión, dió el cuerpo á José:
Y cuando salieren al atrio de afuera, al atrio de afuera al pueblo, se desnudarán de sus vestimentas con que ministraron, y las dejarán en las cámaras del santuario, y se vestirán de otros vestidos: así no santificarán el pueblo con sus vestimentas.
No seas sin causa testigo contra tu prójimo; y no lisonjees con tus labios.
Entonces comenzarán á decir á los montes: Caed sobre nosotros: y á los collados: Cubridnos.
Y todo Israel oyó aquel juicio que había dado el rey: y temieron al rey, porque vieron que había en él sabiduría de Dios para juzgar.
Porque deseara yo mismo ser apartado de Cristo por mis hermanos, los que son mis parientes según la carne;
Mas yo anunciaré siempre, cantaré alabanzas al Dios de Jacob.
Entonces la serpiente dijo á la mujer: No moriréis;
